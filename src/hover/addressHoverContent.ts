/** What an address hover says, as plain data (`hoverContent.ts` makes it Markdown). Pure (no vscode). */
import type { Address, AddressSummary } from '../core/model';
import { groupThousands, weiToHype } from '../core/units';
import { explorerUrl } from '../view/panelMessages';
import { Commands } from '../ids';
import { shortAddress, type Translate } from '../view/format';
import { failedHoverContent, noKeyHoverContent, type HoverContent, type HoverLink } from './hoverContent';
import { workspaceNameLines, workspaceNameLink } from './workspaceNames';
import type { ContractName } from '../contracts/api';

/**
 * Contract or account, the HYPE balance, and the actions: explorer, Watch Wallet, Look Up. A contract the
 * workspace deployed is named, with the file it came from and a link that opens it.
 */
export function addressHoverContent(summary: AddressSummary, explorerBase: string, t: Translate, named?: ContractName): HoverContent {
  const short = shortAddress(summary.address);
  return {
    title: named ? t('{0}, contract {1}', named.name, short) : summary.kind === 'contract' ? t('Contract {0}', short) : t('Account {0}', short),
    lines: [
      ...(named ? workspaceNameLines(named, t) : []),
      summary.kind === 'contract' ? t('A contract (it has code).') : t('An account (no code).'),
      t('Balance: {0} HYPE', groupThousands(weiToHype(summary.balance))),
    ],
    links: [...(named ? [workspaceNameLink(named, t)] : []), ...addressLinks(summary.address, explorerBase, t)],
  };
}

/** No API key and no demo data: what the address is cannot be known, but the actions still work. */
export function noKeyAddressHoverContent(address: Address, explorerBase: string, t: Translate): HoverContent {
  const content = noKeyHoverContent(
    t('Address {0}', shortAddress(address)),
    t('Set your node provider’s API key to see whether this is a contract and its HYPE balance, or explore with demo data.'),
    t,
  );
  return { ...content, links: [...addressLinks(address, explorerBase, t), ...content.links] };
}

export function addressErrorHoverContent(address: Address, explorerBase: string, message: string, t: Translate): HoverContent {
  const content = failedHoverContent(t('Address {0}', shortAddress(address)), (m) => t('Could not load the address: {0}', m), message);
  return { ...content, links: addressLinks(address, explorerBase, t) };
}

function addressLinks(address: Address, explorerBase: string, t: Translate): HoverLink[] {
  return [
    { title: t('Open in explorer'), url: explorerUrl(explorerBase, { kind: 'address', address }) },
    { title: t('Watch Wallet'), command: Commands.watchWallet, args: [address] },
    { title: t('Look up'), command: Commands.lookUp, args: [address] },
    { title: t('Transactions'), command: Commands.openAddress, args: [address] },
  ];
}
