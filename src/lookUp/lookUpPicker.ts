import * as vscode from 'vscode';
import { parseLookUp, type LookUpQuery } from '../core/input';
import { askWithParsingPick, type ParsingPickItem } from '../platform/parsingPick';
import { vscodeTranslate as t } from '../platform/translate';
import { escapeIcons } from '../view/escape';
import { lookUpText } from '../core/recentLookUps';
import { recentLookUps } from '../platform/recentLookUpsStore';
import { understood } from './lookUpQuery';

const ICONS: Record<LookUpQuery['kind'], string> = { block: '$(symbol-number)', hash: '$(git-commit)', address: '$(account)' };

/** Asks for a block, a transaction hash or an address: the recent lookups, or any typed one, understood inline. */
export function askForLookUp(context: vscode.ExtensionContext): Promise<LookUpQuery | undefined> {
  const recent = recentLookUps(context.globalState);
  const latest: LookUpQuery = { kind: 'block', query: { kind: 'latest' } };
  return askWithParsingPick({
    title: t('Hyperliquid: Look Up'),
    placeholder: t('A block (6699, 0x1a2b, latest), a transaction hash (0x + 64 hex) or an address (0x + 40 hex)'),
    start: [
      { label: `${ICONS.block} latest`, description: t('the newest block on the chain'), value: latest },
      ...(recent.length ? [{ label: t('Recent'), kind: vscode.QuickPickItemKind.Separator }] : []),
      ...recent.map((query) => ({ label: `${ICONS[query.kind]} ${lookUpText(query)}`, description: understood(query, t).label, value: query })),
    ],
    itemFor: (text) => {
      const parsed = parseLookUp(text, t);
      if (!parsed.ok) return { label: `$(error) ${escapeIcons(parsed.error)}` };
      const said = understood(parsed.value, t);
      return { ...said, label: `${ICONS[parsed.value.kind]} ${said.label}`, value: parsed.value } satisfies ParsingPickItem<LookUpQuery>;
    },
  });
}
