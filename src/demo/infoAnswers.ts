// The demo node's `/info` answers: request text in, response text out. No HTTP here. Orders move on
// by epochs: each (user, dex) pair's epoch advances once an `openOrders` answer was delivered. Accounts
// (positions, balances) move only when told to (`setAccountStage`, the control endpoint's `account`).
import { demoAllMids, demoPerpDexs, demoPerpMeta, demoSpotMeta } from './markets';
import { demoOrderStatus, demoWalletOrders, DEMO_WALLETS, type DemoOpenOrder } from './orders';
import { defaultStatusReply, INFO_UNPROCESSABLE_BODY, json, text, type Reply } from './replies';
import { isAddress } from '../core/hex';
import { demoHistoryAnswer } from './history';
import { DEMO_ACCOUNT_STAGES, demoClearinghouseState, demoSpotClearinghouseState, demoUserRole } from './accounts';

export interface InfoAnswerOptions {
  /** The clock (ms): read when an epoch is first answered. */
  now: () => number;
  /** When the node started (ms): the time of epochs never answered. */
  startedAt: number;
  /** Whether the market maker's orders on the failing dex fail (HTTP 500); else that dex answers `[]`. Default true. */
  failingDex?: boolean;
}

interface EpochState {
  epoch: number;
  /** When each epoch was first answered. */
  times: number[];
}

/** Answers `/info` bodies. Holds each (user, dex) pair's epoch. */
export class InfoAnswers {
  private readonly spotMetaJson = JSON.stringify(demoSpotMeta());
  private readonly perpDexsJson = JSON.stringify(demoPerpDexs());
  /** Per `user|dex`. */
  private readonly epochs = new Map<string, EpochState>();
  private readonly constantBodies = new Map<string, string>();
  private accountStage = 0;
  /** Orders the live hooks placed (`DemoLive.order`), per `user|dex`: in every list until filled. */
  private readonly placed = new Map<string, DemoOpenOrder[]>();

  private step = 0;

  constructor(private readonly options: InfoAnswerOptions) {}

  /** Back to epoch 0 for everyone (the control endpoint's reset). */
  reset(): void {
    this.epochs.clear();
    this.placed.clear();
    this.accountStage = 0;
    this.step = 0;
  }

  /** The market's step: each moves every mid (and the marks of positions) along a slow wave; 0 as started. */
  get marketStep(): number {
    return this.step;
  }

  /** Moves the market one step on. */
  stepMarket(): void {
    this.step += 1;
  }

  /** Adds an order to `user`'s list on `dex` (the live hooks' new order). */
  placeOrder(user: string, dex: string, order: DemoOpenOrder): void {
    const key = `${user.toLowerCase()}|${dex}`;
    this.placed.set(key, [...(this.placed.get(key) ?? []), order]);
  }

  /** Takes the newest placed order of `user` on `dex` off its list (it filled), if any. */
  takePlacedOrder(user: string, dex: string): DemoOpenOrder | undefined {
    const list = this.placed.get(`${user.toLowerCase()}|${dex}`);
    return list?.pop();
  }

  /**
   * `user`'s orders on `dex` as the last `frontendOpenOrders` answer gave them (the first epoch before any),
   * without moving its epoch on: what the WebSocket says agrees with what was last polled. [] where it fails.
   */
  currentOrders(user: string, dex: string): DemoOpenOrder[] {
    const key = `${user.toLowerCase()}|${dex}`;
    const state = this.epochs.get(key);
    const epoch = Math.max(0, (state?.epoch ?? 0) - 1);
    const orders = demoWalletOrders(user, dex, epoch, (e) => state?.times[e] ?? this.options.startedAt, true) ?? [];
    return [...orders, ...(this.placed.get(key) ?? [])];
  }

  /** The demo accounts as they are at `stage` (0: as started; 1: positions grown, closed, opened, flipped). */
  setAccountStage(stage: number): void {
    this.accountStage = Math.max(0, Math.min(DEMO_ACCOUNT_STAGES - 1, Math.floor(stage)));
  }

  get stage(): number {
    return this.accountStage;
  }

  reply(body: string): Reply {
    const unprocessable = text(422, INFO_UNPROCESSABLE_BODY);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return unprocessable;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return unprocessable;
    const r = parsed as Record<string, unknown>;
    switch (r.type) {
      case 'spotMeta':
        return json(this.spotMetaJson);
      case 'perpDexs':
        return json(this.perpDexsJson);
      case 'openOrders':
        return this.orders(r, false) ?? unprocessable;
      case 'frontendOpenOrders':
        return this.orders(r, true) ?? unprocessable;
      case 'meta': {
        if (!isDex(r.dex)) return unprocessable;
        const meta = demoPerpMeta(r.dex ?? '');
        // The real API answers an unknown dex with HTTP 500 and `null`.
        return meta === undefined ? defaultStatusReply(500, 'info') : json(JSON.stringify(meta));
      }
      case 'allMids':
        return isDex(r.dex) ? json(JSON.stringify(demoAllMids(r.dex ?? '', this.step))) : unprocessable;
      case 'clearinghouseState':
        if (!isUser(r.user) || !isDex(r.dex)) return unprocessable;
        return json(JSON.stringify(demoClearinghouseState(r.user, r.dex ?? '', this.accountStage, this.options.now(), this.step)));
      case 'spotClearinghouseState':
        return isUser(r.user) ? json(JSON.stringify(demoSpotClearinghouseState(r.user))) : unprocessable;
      case 'userRole':
        return isUser(r.user) ? json(JSON.stringify(demoUserRole(r.user))) : unprocessable;
      case 'orderStatus': {
        if (!isUser(r.user) || !(typeof r.oid === 'number' && Number.isSafeInteger(r.oid) && r.oid >= 0)) return unprocessable;
        const user = r.user.toLowerCase();
        const status = demoOrderStatus(
          user,
          r.oid,
          (dex) => this.epochs.get(`${user}|${dex}`)?.epoch ?? 0,
          (e) => this.epochTime(user, e),
        );
        return json(JSON.stringify(status));
      }
      case 'userFills':
      case 'userFillsByTime':
      case 'userFunding':
      case 'userNonFundingLedgerUpdates':
      case 'historicalOrders':
      case 'userTwapSliceFills': {
        if (!isUser(r.user)) return unprocessable;
        const answer = demoHistoryAnswer(r, r.user, this.options.startedAt, this.options.now());
        return answer === undefined ? unprocessable : json(JSON.stringify(answer));
      }
      default:
        return unprocessable;
    }
  }

  /** When epoch `e` was first answered for `user` (on the first dex, else any), for status times. */
  private epochTime(user: string, e: number): number {
    for (const [key, state] of this.epochs) if (key.startsWith(`${user}|`) && state.times[e] !== undefined) return state.times[e] as number;
    return this.options.startedAt;
  }

  private orders(r: Record<string, unknown>, frontend: boolean): Reply | undefined {
    if (!isUser(r.user) || !isDex(r.dex)) return undefined;
    const user = r.user.toLowerCase();
    const dex = r.dex ?? '';
    const key = `${user}|${dex}`;
    let s = this.epochs.get(key);
    if (!s) this.epochs.set(key, (s = { epoch: 0, times: [] }));
    const state = s;
    state.times[state.epoch] ??= this.options.now();
    const delivered = () => (state.epoch += 1);
    // The whale's 5,000 orders do not change: serialize them once.
    const placed = this.placed.get(key) ?? [];
    const constantKey =
      placed.length === 0 && DEMO_WALLETS.some((w) => w.kind === 'whale' && w.address === user) ? `${key}|${frontend}|${state.times[0]}` : undefined;
    const cached = constantKey === undefined ? undefined : this.constantBodies.get(constantKey);
    if (cached !== undefined) return json(cached, delivered);
    const orders = demoWalletOrders(user, dex, state.epoch, (e) => state.times[e] ?? this.options.startedAt, frontend);
    if (orders === undefined && this.options.failingDex === false) return json('[]', delivered);
    if (orders === undefined) return defaultStatusReply(500, 'info'); // the failing dex
    const body = JSON.stringify(placed.length ? [...orders, ...placed] : orders);
    if (constantKey !== undefined) this.constantBodies.set(constantKey, body);
    return json(body, delivered);
  }
}

function isUser(value: unknown): value is string {
  return isAddress(value);
}

function isDex(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}
