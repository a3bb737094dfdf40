import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { commandUri, Commands, ContextKeys, EXTENSION_ID, SECTION, Settings, settingId, Views } from '../../src/ids';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));

describe('ids (one typed module, the same as package.json)', () => {
  it('names every contributed command, and only those', () => {
    const contributed = (manifest.contributes.commands as { command: string }[]).map((c) => c.command).sort();
    assert.deepEqual(Object.values(Commands).sort(), contributed);
  });

  it('names settings that package.json declares', () => {
    const declared = Object.keys(manifest.contributes.configuration.properties ?? {});
    for (const name of Object.values(Settings)) {
      const id = settingId(name);
      assert.ok(declared.includes(id) || declared.some((d) => d.startsWith(`${id}.`)), `${id} is not declared`);
    }
    for (const id of declared)
      assert.ok(
        Object.values(Settings).some((n) => settingId(n) === id),
        `${id} has no entry in Settings`,
      );
  });

  it('uses the context keys and views that package.json reads', () => {
    const text = JSON.stringify(manifest.contributes);
    for (const key of Object.values(ContextKeys)) assert.ok(text.includes(key), `${key} is read nowhere in package.json`);
    for (const view of Object.values(Views)) assert.ok(text.includes(`"id":"${view}"`), `${view} is not a contributed view`);
    assert.equal(EXTENSION_ID, `${manifest.publisher}.${manifest.name}`);
    assert.equal(SECTION, 'hyperliquidExplorer');
  });

  it('writes command links with their arguments as URL-encoded JSON', () => {
    assert.equal(commandUri(Commands.tryDemo), 'command:hyperliquidExplorer.tryDemo');
    const uri = commandUri(Commands.lookUpBlock, 6699);
    assert.equal(uri, `command:hyperliquidExplorer.lookUpBlock?${encodeURIComponent('[6699]')}`);
    assert.deepEqual(JSON.parse(decodeURIComponent(uri.split('?')[1]!)), [6699]);
  });
});
