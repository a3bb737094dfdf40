// The demo node's `/info` answers: request text in, response text out. No HTTP here. Orders move on
// by epochs: each (user, dex) pair's epoch advances once an `openOrders` answer was delivered.
import { demoPerpDexs, demoSpotMeta } from './markets';
import { demoOpenOrders, DEMO_WALLETS } from './orders';
import { INFO_UNPROCESSABLE_BODY, json, text, type Reply } from './replies';

export interface InfoAnswerOptions {
  /** The clock (ms): read when an epoch is first answered. */
  now: () => number;
  /** When the node started (ms): the time of epochs never answered. */
  startedAt: number;
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

  constructor(private readonly options: InfoAnswerOptions) {}

  /** Back to epoch 0 for everyone (the control endpoint's reset). */
  reset(): void {
    this.epochs.clear();
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
        return this.openOrders(r) ?? unprocessable;
      default:
        return unprocessable;
    }
  }

  private openOrders(r: Record<string, unknown>): Reply | undefined {
    if (typeof r.user !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(r.user)) return undefined;
    if (r.dex !== undefined && typeof r.dex !== 'string') return undefined;
    const user = r.user.toLowerCase();
    const dex = (r.dex as string | undefined) ?? '';
    const key = `${user}|${dex}`;
    let s = this.epochs.get(key);
    if (!s) this.epochs.set(key, (s = { epoch: 0, times: [] }));
    const state = s;
    state.times[state.epoch] ??= this.options.now();
    const delivered = () => (state.epoch += 1);
    // The whale's 5,000 orders do not change: serialize them once.
    const constantKey = DEMO_WALLETS.some((w) => w.kind === 'whale' && w.address === user) ? `${key}|${state.times[0]}` : undefined;
    const cached = constantKey === undefined ? undefined : this.constantBodies.get(constantKey);
    if (cached !== undefined) return json(cached, delivered);
    const body = JSON.stringify(demoOpenOrders(user, dex, state.epoch, (e) => state.times[e] ?? this.options.startedAt));
    if (constantKey !== undefined) this.constantBodies.set(constantKey, body);
    return json(body, delivered);
  }
}
