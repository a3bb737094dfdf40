import * as v from 'valibot';
import { ProviderError } from './errors';
import { parseAddress } from './input';
import type { OpenOrder, PerpDex, SpotMeta } from './model';
import { InvalidShapeError, openOrdersResult, perpDexsResult, spotMetaResult, toOpenOrders, toPerpDexs, toSpotMeta, validate } from './infoSchemas';
import type { Transport } from './transport';

const DEX_NAME = /^[a-zA-Z0-9_-]{0,32}$/;

/** The Hyperliquid info API: a wallet's open orders, spot pair names and the list of perp dexs. */
export class InfoClient {
  constructor(private readonly transport: Transport) {}

  /** Pending orders of `user` on perp dex `dex` ("" = the first perp dex, which also returns spot orders). */
  async openOrders(user: string, dex = '', signal?: AbortSignal): Promise<OpenOrder[]> {
    const address = parseAddress(user);
    if (!address.ok) throw new ProviderError('badInput', address.error);
    if (!DEX_NAME.test(dex)) throw new ProviderError('badInput', `“${dex.slice(0, 40)}” is not a perp dex name.`);
    const json = await this.post({ type: 'openOrders', user: address.value, dex }, 'openOrders', signal);
    const items = this.shape(openOrdersResult, json, 'openOrders');
    return toOpenOrders(items, json as unknown[]);
  }

  async spotMeta(signal?: AbortSignal): Promise<SpotMeta> {
    const json = await this.post({ type: 'spotMeta' }, 'spotMeta', signal);
    return toSpotMeta(this.shape(spotMetaResult, json, 'spotMeta'));
  }

  /** The perp dexs besides the first one (the API lists the first as `null`). */
  async perpDexs(signal?: AbortSignal): Promise<PerpDex[]> {
    const json = await this.post({ type: 'perpDexs' }, 'perpDexs', signal);
    return toPerpDexs(this.shape(perpDexsResult, json, 'perpDexs'));
  }

  private post(body: Record<string, string>, label: string, signal?: AbortSignal): Promise<unknown> {
    return this.transport.postJson('info', JSON.stringify(body), label, signal);
  }

  private shape<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
    try {
      return validate(schema, value, what);
    } catch (e) {
      if (e instanceof InvalidShapeError) {
        throw new ProviderError('invalidResponse', `The provider’s answer to ${e.message}`, { endpoint: 'info' });
      }
      throw e;
    }
  }
}
