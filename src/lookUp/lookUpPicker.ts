import * as vscode from 'vscode';
import { parseLookUp, type LookUpQuery } from '../core/input';
import { askWithParsingPick, type ParsingPickItem } from '../platform/parsingPick';
import { vscodeTranslate as t } from '../platform/translate';
import { escapeIcons } from '../view/escape';
import { lookUpText } from '../core/recentLookUps';
import { recentLookUps } from '../platform/recentLookUpsStore';
import { parseQuery, understood, type Query } from './lookUpQuery';
import { contractItems, type ContractMatches } from './contractMatches';

const ICONS: Record<Query['kind'], string> = { block: '$(symbol-number)', hash: '$(git-commit)', address: '$(account)', contract: '$(symbol-class)' };

/**
 * Asks for a block, a transaction hash, an address or a contract of the workspace: the recent lookups,
 * or any typed one, understood inline. `contracts` finds the workspace's contracts by name once they
 * have been read (undefined until then: a name is then looked up on Enter; null when the workspace is not
 * read: a word is then refused as the core refuses it).
 */
export function askForLookUp(context: vscode.ExtensionContext, contracts: () => ContractMatches | null | undefined): Promise<Query | undefined> {
  const recent = recentLookUps(context.globalState);
  const latest: LookUpQuery = { kind: 'block', query: { kind: 'latest' } };
  return askWithParsingPick({
    title: t('Hyperliquid: Look Up'),
    placeholder: t('A block (6699, 0x1a2b, latest), a transaction hash (0x + 64 hex), an address (0x + 40 hex) or a contract of your workspace'),
    start: [
      { label: `${ICONS.block} latest`, description: t('the newest block on the chain'), value: latest },
      ...(recent.length ? [{ label: t('Recent'), kind: vscode.QuickPickItemKind.Separator }] : []),
      ...recent.map((query) => ({ label: `${ICONS[query.kind]} ${lookUpText(query)}`, description: understood(query, t).label, value: query })),
    ],
    itemFor: (text) => {
      const parsed = parseQuery(text, t);
      if (!parsed.ok) return { label: `$(error) ${escapeIcons(parsed.error)}` };
      if (parsed.value.kind === 'contract') {
        const found = contracts();
        const core = parseLookUp(text, t);
        const refusal = core.ok ? '' : core.error;
        if (found === null) return { label: `$(error) ${escapeIcons(refusal)}` };
        if (found) return contractItems(parsed.value.name, found, t, refusal)[0]!;
      }
      const said = understood(parsed.value, t);
      return { ...said, label: `${ICONS[parsed.value.kind]} ${said.label}`, value: parsed.value } satisfies ParsingPickItem<Query>;
    },
    moreFor: (text) => {
      const parsed = parseQuery(text, t);
      const found = parsed.ok && parsed.value.kind === 'contract' ? contracts() : undefined;
      return found && parsed.ok && parsed.value.kind === 'contract' ? contractItems(parsed.value.name, found, t, '').slice(1) : [];
    },
  });
}
