/**
 * Fetches the account behind a wallet's orders, for one connection: each perp dex's
 * `clearinghouseState` in the same slot as that dex's orders (so a refresh takes no extra round trip),
 * and with the first dex the spot balances (`spotClearinghouseState`) and, once per address, what the
 * address is (`userRole`, weight 60: remembered). Each part fails alone: its error is kept for its own
 * row, and the orders are not touched. A provider that refuses a request type is not asked it again.
 * No `vscode` import.
 */
import { describeError, isCancellation, ProviderError } from '../core/errors';
import { isRefusal } from '../core/providerRoute';
import { OnceNotes } from '../core/onceNotes';
import type { InfoClient } from '../core/infoClient';
import type { PerpAccount, SpotBalance, SpotState, UnreadableItem, UserRole } from '../core/model';

/** What counts the requests a refresh sends (Open Orders' `RequestTally`, which spends them into the provider's ledger). */
export interface RequestCounter {
  /** One request of `type` is being sent. */
  add(type: string): void;
}

export type AccountApi = Pick<InfoClient, 'clearinghouseState' | 'spotClearinghouseState' | 'userRole'>;

type AccountRequest = 'clearinghouseState' | 'spotClearinghouseState' | 'userRole';

/** What one refresh learnt of a wallet's account. */
export interface WalletAccountResult {
  /** Each perp dex's account, for the dexs that answered. */
  perps: Map<string, PerpAccount>;
  /** The dexs whose account could not be fetched, and why. */
  perpErrors: Map<string, ProviderError>;
  /** Undefined when not fetched (failed, refused, or the first dex was not asked). */
  spot?: SpotBalance[];
  /** The balances the answer held that could not be read (with `spot`; empty when all could). */
  spotUnreadable?: UnreadableItem[];
  spotError?: ProviderError;
  /** What the address is, once known (asked once per address and connection). */
  role?: UserRole;
}

export interface AccountSourceOptions {
  now?: () => number;
  /** Said once per connection and kind: a refused request type, a failed role lookup. */
  note?: (message: string) => void;
  /** Whether a request type would be refused without being sent (`OpenOrdersSourceOptions.refuses`). */
  refuses?: (type: string) => boolean;
}

/** Roles remembered per connection (one per watched address; a bound against a runaway list). */
const MAX_ROLES = 1_000;
/** A role lookup that failed is not tried again for this long: it weighs 60, a twentieth of the minute's budget. */
const ROLE_RETRY_MS = 10 * 60_000;

export class AccountSource {
  private readonly roles = new Map<string, UserRole>();
  private readonly roleTriedAt = new Map<string, number>();
  private readonly now: () => number;
  private readonly notes: OnceNotes;

  constructor(
    private readonly info: AccountApi,
    private readonly options: AccountSourceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.notes = new OnceNotes(options.note);
  }

  /** What `address` is, if known. */
  roleOf(address: string): UserRole | undefined {
    return this.roles.get(address);
  }

  /** The account requests of one refresh of `address`: hand `load.dex` to the orders' load. */
  begin(address: string, tally: RequestCounter): AccountLoad {
    return new AccountLoad(this, address, tally);
  }

  /** @internal One dex's account; undefined when this provider refused the request type. */
  async perp(address: string, dex: string, signal: AbortSignal, tally: RequestCounter): Promise<PerpAccount | undefined> {
    if (this.refuses('clearinghouseState')) return undefined;
    tally.add('clearinghouseState');
    return this.refusable('clearinghouseState', () => this.info.clearinghouseState(address, dex, signal), 'positions and margin are not shown');
  }

  /** @internal The spot balances; undefined when refused. */
  async spot(address: string, signal: AbortSignal, tally: RequestCounter): Promise<SpotState | undefined> {
    if (this.refuses('spotClearinghouseState')) return undefined;
    tally.add('spotClearinghouseState');
    return this.refusable('spotClearinghouseState', () => this.info.spotClearinghouseState(address, signal), 'spot balances are not shown');
  }

  /** @internal Asks what `address` is, unless known, refused, or tried lately; never throws. */
  async role(address: string, signal: AbortSignal, tally: RequestCounter): Promise<void> {
    if (this.roles.has(address) || this.refuses('userRole')) return;
    const tried = this.roleTriedAt.get(address);
    if (tried !== undefined && this.now() - tried < ROLE_RETRY_MS) return;
    this.roleTriedAt.set(address, this.now());
    try {
      tally.add('userRole');
      const role = await this.refusable('userRole', () => this.info.userRole(address, signal), 'API wallets, sub-accounts and vaults are not recognised');
      if (!role) return;
      if (this.roles.size >= MAX_ROLES) this.roles.delete(this.roles.keys().next().value!);
      this.roles.set(address, role);
    } catch (e) {
      if (!isCancellation(e)) this.notes.say('userRole:failed', `userRole failed (${describeError(e)}); asked again in ${ROLE_RETRY_MS / 60_000} minutes.`);
    }
  }

  /** Runs `request`; a refusal is remembered and said once (undefined), other errors are thrown. */
  private async refusable<T>(type: AccountRequest, request: () => Promise<T>, cost: string): Promise<T | undefined> {
    try {
      return await request();
    } catch (e) {
      if (!isRefusal(e)) throw e;
      this.notes.say(`${type}:refused`, `The provider does not serve ${type} (${describeError(e)}); ${cost}.`);
      return undefined;
    }
  }

  /** Known not to be served here: the connection's record (`ProviderClients.refuses`), not one of this source's own. */
  private refuses(type: AccountRequest): boolean {
    return this.options.refuses?.(type) ?? false;
  }
}

/** One refresh's account requests for one wallet, and what they brought. */
export class AccountLoad {
  private readonly perps = new Map<string, PerpAccount>();
  private readonly perpErrors = new Map<string, ProviderError>();
  private spot?: SpotState;
  private spotError?: ProviderError;

  constructor(
    private readonly source: AccountSource,
    private readonly address: string,
    private readonly tally: RequestCounter,
  ) {}

  /**
   * Asks `dex`'s account (with the first dex also the spot balances and the role), all at once. Never
   * rejects; resolves true when the dex has an account to show, so its unit is wanted.
   */
  readonly dex = async (dex: string, signal: AbortSignal): Promise<boolean> => {
    const parts: Promise<unknown>[] = [this.perp(dex, signal)];
    if (dex === '') parts.push(this.spotBalances(signal), this.source.role(this.address, signal, this.tally));
    await Promise.all(parts);
    const account = this.perps.get(dex);
    return account !== undefined && (account.positions.length > 0 || !/^-?0+(\.0+)?$/.test(account.accountValue));
  };

  result(): WalletAccountResult {
    return {
      perps: this.perps,
      perpErrors: this.perpErrors,
      spot: this.spot?.balances,
      spotUnreadable: this.spot?.unreadable,
      spotError: this.spotError,
      role: this.source.roleOf(this.address),
    };
  }

  private async perp(dex: string, signal: AbortSignal): Promise<void> {
    try {
      const account = await this.source.perp(this.address, dex, signal, this.tally);
      if (account) this.perps.set(dex, account);
    } catch (e) {
      if (!isCancellation(e)) this.perpErrors.set(dex, asProviderError(e));
    }
  }

  private async spotBalances(signal: AbortSignal): Promise<void> {
    try {
      this.spot = await this.source.spot(this.address, signal, this.tally);
    } catch (e) {
      if (!isCancellation(e)) this.spotError = asProviderError(e);
    }
  }
}

function asProviderError(e: unknown): ProviderError {
  return e instanceof ProviderError ? e : new ProviderError('invalidResponse', String(e));
}
