/**
 * What the workspace's contracts add to the transaction page: the method with its named arguments, a
 * custom error by name, each log's event, and the names of the addresses the workspace deployed. Text
 * from the workspace's files (names) and from the chain (strings in arguments) is shown as written,
 * with invisible characters revealed. Pure.
 */
import type { Address } from '../core/model';
import type { TransactionBundle } from '../core/transactionLoad';
import { revealInvisibles } from '../view/escape';
import type { Translate } from '../view/format';
import type { Decoded, DecodedValue, TransactionDecoding, WorkspaceDecoder } from '../contracts/api';
import { MAX_LOGS_SHOWN, type ArgView, type ContractNameView, type DecodedView, type WorkspaceDecodedView } from './protocol';

export function workspaceView(bundle: TransactionBundle, decoding: TransactionDecoding, t: Translate): WorkspaceDecodedView {
  const { decoder } = decoding;
  const { tx } = bundle;
  const receipt = bundle.receipt.ok ? bundle.receipt.value : null;
  const touched = touchedAddresses(bundle);
  const revert = bundle.revert?.ok ? bundle.revert.value : undefined;
  const contracts = decoder.index.contractCount;
  const notes = [contracts === 1 ? t('Decoded with the 1 ABI of this workspace.') : t('Decoded with the {0} ABIs of this workspace.', contracts)];
  const bound = decoder.index.entryBound;
  if (bound) {
    notes.push(
      bound.filesLeftOut === 1
        ? t('1 contract file was left out: the workspace’s ABIs reached the bound of {0} entries (the log says more).', bound.max)
        : t('{0} contract files were left out: the workspace’s ABIs reached the bound of {1} entries (the log says more).', bound.filesLeftOut, bound.max),
    );
  }
  const proxies = decoding.unreadProxies.length;
  if (proxies === 1) notes.push(t('The implementation of 1 proxy could not be read.'));
  else if (proxies > 1) notes.push(t('The implementations of {0} proxies could not be read.', proxies));
  return {
    method: tx.to === null ? null : decodedView(decoder.call(tx.to, tx.input)),
    error: revert?.kind === 'custom' ? decodedView(decoder.error(revert.data, touched)) : null,
    logs: receipt ? receipt.logs.slice(0, MAX_LOGS_SHOWN).map((l) => decodedView(decoder.log(l.address, l.topics, l.data))) : [],
    names: namesOf(decoder, touched),
    note: notes.join(' '),
  };
}

/** Every address the page shows: sender, target, created contract, log emitters, and each call's. */
export function touchedAddresses(bundle: TransactionBundle): Address[] {
  const out = new Set<Address>();
  const add = (a: string | null | undefined) => a && out.add(a.toLowerCase() as Address);
  add(bundle.tx.to);
  if (bundle.trace.ok) for (const e of bundle.trace.value) add(e.to);
  add(bundle.tx.from);
  if (bundle.receipt.ok && bundle.receipt.value) {
    add(bundle.receipt.value.contractAddress);
    for (const l of bundle.receipt.value.logs) add(l.address);
  }
  if (bundle.trace.ok) for (const e of bundle.trace.value) add(e.from);
  return [...out];
}

function namesOf(decoder: WorkspaceDecoder, addresses: readonly Address[]): ContractNameView[] {
  return addresses.flatMap((a) => {
    const c = decoder.contractAt(a);
    return c ? [{ address: a, name: revealInvisibles(c.name), path: revealInvisibles(c.deployment.path), uncertain: c.alsoNamed.length > 0 }] : [];
  });
}

export function decodedView(d: Decoded | null): DecodedView | null {
  if (!d) return null;
  return {
    name: d.name,
    signature: d.signature,
    args: argViews(d.args),
    guess: d.source === 'guess',
    abiName: d.abiName,
    abiPath: revealInvisibles(d.abiFile.path),
    alternatives: d.alternatives,
  };
}

export function argViews(values: readonly DecodedValue[]): ArgView[] {
  return values.map((v) => {
    const view: ArgView = { name: v.name, type: v.type, text: revealInvisibles(v.text) };
    if (v.items) view.items = argViews(v.items);
    if (v.cut) view.cut = true;
    return view;
  });
}
