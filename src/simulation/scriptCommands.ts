import * as vscode from 'vscode';
import { describeError } from '../core/errors';
import type { Address } from '../core/model';
import { notify } from '../platform/notify';
import type { Services } from '../platform/services';
import { vscodeTranslate } from '../platform/translate';
import { escapeIcons } from '../view/escape';
import { workspaceContracts, type WorkspaceDecoder } from '../contracts/api';
import { broadcastPath, MAX_BROADCAST_BYTES, readBroadcast, type BroadcastScript, type ScriptTransaction } from './broadcastFile';
import { scriptTransactionLabel } from './scriptViewModel';
import { SimulationPanel, type ScriptResult } from './simulationPanel';
import { connectedOnly } from './simulationCommands';

/** The most broadcast files offered when none is given. */
const MAX_FILES = 200;

/**
 * Simulate a Foundry script's transactions: the broadcast file from the Explorer's context menu (else one
 * picked among the workspace's), its transactions listed (target, function decoded with the workspace's
 * ABIs, value), then one of them or all in order simulated on Read & Simulate. Read-only: nothing is
 * signed or sent. `pick` (tests): `all`, or a transaction's number.
 */
export async function simulateScript(services: Services, file: unknown, pick: unknown): Promise<ScriptResult | undefined> {
  const t = vscode.l10n.t;
  const uri = file instanceof vscode.Uri ? file : typeof file === 'string' && file !== '' ? vscode.Uri.parse(file) : await pickFile();
  if (!uri) return undefined;
  const script = await readScript(uri);
  if (!script) return undefined;
  const asked = await connectedOnly(services);
  if (!asked) return undefined;
  const firstTarget = script.transactions.find((tx) => tx.to ?? tx.contractAddress);
  const decoding = firstTarget
    ? await workspaceContracts(services).contractDecoding(asked.clients, (firstTarget.to ?? firstTarget.contractAddress)!, undefined)
    : undefined;
  const chosen = pick === 'all' ? 'all' : typeof pick === 'number' ? pick : await pickTransactions(script, decoding?.decoder);
  if (chosen === undefined) return undefined;
  const txs = chosen === 'all' ? script.transactions : script.transactions.filter((tx) => tx.index === chosen);
  const first = txs.find((tx) => tx.to ?? tx.contractAddress);
  const address = first && (first.to ?? first.contractAddress);
  if (!address || txs.length === 0) {
    void notify('warning', t('No transaction of this script calls a contract: there is nothing to simulate.'));
    return undefined;
  }
  return SimulationPanel.simulateScript(services, { address: address as Address }, script.script, txs, chosen === 'all');
}

/** One of the workspace's broadcast files. */
async function pickFile(): Promise<vscode.Uri | undefined> {
  const t = vscode.l10n.t;
  const found = (await vscode.workspace.findFiles('**/broadcast/**/run-latest.json', '**/node_modules/**', MAX_FILES)).filter(
    (u) => broadcastPath(vscode.workspace.asRelativePath(u, false)) !== undefined,
  );
  if (found.length === 0) {
    void notify(
      'info',
      t('The workspace has no Foundry broadcast file (broadcast/<script>/<chain id>/run-latest.json): run a script with forge script first.'),
    );
    return undefined;
  }
  const items = found.map((uri) => ({ label: vscode.workspace.asRelativePath(uri, false), uri }));
  const chosen = await vscode.window.showQuickPick(items, { title: t('Simulate a Foundry script: which broadcast file?'), ignoreFocusOut: true });
  return chosen?.uri;
}

/** The file read and checked; a warning says why it cannot be used. */
async function readScript(uri: vscode.Uri): Promise<BroadcastScript | undefined> {
  const t = vscode.l10n.t;
  const path = vscode.workspace.asRelativePath(uri, false).replace(/\\/g, '/');
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_BROADCAST_BYTES) {
      void notify('warning', t('The broadcast file is larger than {0} MB.', MAX_BROADCAST_BYTES / 1024 / 1024));
      return undefined;
    }
    const read = readBroadcast(path, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)), t);
    if (!read.ok) {
      void notify('warning', t('Cannot simulate {0}: {1}', path, read.error));
      return undefined;
    }
    return read.script;
  } catch (e) {
    void notify('warning', t('Cannot read {0}: {1}', path, describeError(e, vscodeTranslate)));
    return undefined;
  }
}

/** All in order, or one transaction: a quick pick listing them. */
async function pickTransactions(script: BroadcastScript, decoder: WorkspaceDecoder | undefined): Promise<'all' | number | undefined> {
  const t = vscode.l10n.t;
  const all = {
    label: t('$(run-all) All {0} in order, against the same block', script.transactions.length),
    description: t('Nothing is signed or sent'),
    pick: 'all' as const,
  };
  const one = (tx: ScriptTransaction) => {
    const { label, description } = scriptTransactionLabel(tx, decoder, t);
    // The file's words (a function's name) are the workspace's: no icon they spell is drawn.
    return { label: escapeIcons(label), description: escapeIcons(description), pick: tx.index };
  };
  const items = [all, ...script.transactions.map(one)];
  const title = script.dryRun
    ? t('{0} (dry run, chain {1}): simulate which?', escapeIcons(script.script), script.chainId)
    : t('{0} (chain {1}): simulate which?', escapeIcons(script.script), script.chainId);
  const chosen = await vscode.window.showQuickPick(items, { title, ignoreFocusOut: true, matchOnDescription: true });
  return chosen?.pick;
}
