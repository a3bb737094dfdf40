/**
 * The person at the keyboard during the soak: through the palette, opens a block page and a transaction
 * page and closes them, and hovers a block number, a transaction hash and an address in a file, round
 * after round, over targets that change each round (so that the caches do not answer everything and the
 * faults reach the pages too). Every action waits for what it should show, its content or a problem, at
 * most `ACTION_TIMEOUT_MS`; one that shows neither is "stuck".
 */
import { DEMO_BLOCKS } from '../../src/demo/chain';
import { demoBlockModel, isBigDemoBlock } from '../../src/demo/chain';
import { DEMO_SAMPLES } from '../../src/demo/samples';
import type { Workbench } from '../ui/workbench';

const ACTION_TIMEOUT_MS = 45_000;

/** Ordinary small blocks below the sample block: more of them than the block cache keeps (16). */
const BLOCKS = Array.from({ length: 40 }, (_, i) => DEMO_BLOCKS.sampleBlock - 1 - i * 3)
  .filter((n) => !isBigDemoBlock(n))
  .slice(0, 24);

/** The sample transactions, then the first transaction of each block above. */
const TRANSACTIONS: string[] = [
  DEMO_SAMPLES.transferTx,
  DEMO_SAMPLES.erc20TransferTx,
  DEMO_SAMPLES.failedTx,
  DEMO_SAMPLES.internalTransfersTx,
  ...BLOCKS.flatMap(
    (n) =>
      demoBlockModel(n)
        ?.transactions.slice(-1)
        .map((t) => t.hash) ?? [],
  ),
];

const HOVER_BLOCKS = Array.from({ length: 8 }, (_, i) => `0x${(0x1a2b + i * 0x111).toString(16)}`);
const HOVER_TRANSACTIONS = TRANSACTIONS.slice(0, 8);
const HOVER_ADDRESSES = [DEMO_SAMPLES.contract, DEMO_SAMPLES.account, DEMO_SAMPLES.tokenContract, DEMO_SAMPLES.nftContract, DEMO_SAMPLES.createdContract];

/** The file the hovers happen in: one value a line, so that each is visible and found once. */
export const HOVER_FILE = 'soak.txt';
export const HOVER_FILE_TEXT = [
  '// Values the soak hovers.',
  ...HOVER_BLOCKS.map((b, i) => `export const block${i} = ${b};`),
  ...HOVER_TRANSACTIONS.map((t, i) => `export const tx${i} = '${t}';`),
  ...HOVER_ADDRESSES.map((a, i) => `export const address${i} = '${a}';`),
  '',
].join('\n');

/** What the page shows when loaded (its number or hash) or when it could not load (a problem state). */
const PAGE_SHOWN = '[data-field="number"], [data-field="hash"], .state.problem';
/** A hover that is done: its content's link, or why it could not load. */
const HOVER_DONE = /Open block details|Open transaction|Open in explorer|Could not|No such/;

export interface ActorFigures {
  /** Actions by name: how many showed their content, a problem, or neither in time. */
  actions: Record<string, { content: number; problem: number; stuck: number }>;
  /** What each stuck action was. */
  stuck: string[];
}

export class Actor {
  readonly figures: ActorFigures = { actions: {}, stuck: [] };
  private round = 0;

  constructor(private readonly wb: Workbench) {}

  private record(action: string, outcome: 'content' | 'problem' | 'stuck', what: string): void {
    const a = (this.figures.actions[action] ??= { content: 0, problem: 0, stuck: 0 });
    a[outcome] += 1;
    if (outcome === 'stuck') this.figures.stuck.push(`${action} ${what}`);
  }

  /** One round: a block page, a transaction page, three hovers; every editor closed at the end. */
  async playRound(): Promise<void> {
    const i = this.round++;
    await this.page(
      'block page',
      () => this.wb.runCommand('Hyperliquid: Look Up Block…').then(() => this.wb.fillInputBox(String(BLOCKS[i % BLOCKS.length]))),
      String(BLOCKS[i % BLOCKS.length]),
    );
    const tx = TRANSACTIONS[i % TRANSACTIONS.length] as string;
    await this.page('transaction page', () => this.wb.runCommand('Hyperliquid: Open Transaction…').then(() => this.wb.fillInputBox(tx)), tx);
    await this.hovers(i);
  }

  /** Opens a page, waits for its content or a problem, then closes every editor. */
  private async page(action: string, open: () => Promise<void>, what: string): Promise<void> {
    try {
      await open();
      const shown = this.wb.webview().locator(PAGE_SHOWN).first();
      await shown.waitFor({ timeout: ACTION_TIMEOUT_MS });
      const problem = await this.wb.webview().locator('.state.problem').count();
      this.record(action, problem ? 'problem' : 'content', what);
    } catch (e) {
      this.record(action, 'stuck', `${what}: ${(e as Error).message.split('\n')[0]}`);
      await this.wb.resetUi().catch(() => undefined);
    }
    await this.closeEditors();
  }

  private async hovers(i: number): Promise<void> {
    const targets = [
      HOVER_BLOCKS[i % HOVER_BLOCKS.length],
      HOVER_TRANSACTIONS[i % HOVER_TRANSACTIONS.length],
      HOVER_ADDRESSES[i % HOVER_ADDRESSES.length],
    ] as string[];
    try {
      await this.wb.openFile(HOVER_FILE);
    } catch (e) {
      this.record('hover', 'stuck', `opening ${HOVER_FILE}: ${(e as Error).message.split('\n')[0]}`);
      return;
    }
    for (const target of targets) {
      try {
        const text = await this.wb.hoverOver(target, { expect: HOVER_DONE, timeoutMs: ACTION_TIMEOUT_MS });
        this.record('hover', /Could not/.test(text) ? 'problem' : 'content', target);
      } catch {
        const shown = await this.wb.page
          .locator('.monaco-hover:not(.hidden)')
          .allInnerTexts()
          .catch(() => []);
        this.record('hover', 'stuck', `${target}: ${shown.length ? `the hover shows ${JSON.stringify(shown.join(' | ').slice(0, 200))}` : 'no hover'}`);
      }
      await this.wb.page.keyboard.press('Escape');
      await this.wb.page.mouse.move(5, 5);
    }
    await this.closeEditors();
  }

  async closeEditors(): Promise<void> {
    await this.wb.runCommand('View: Close All Editors').catch(() => undefined);
  }
}
