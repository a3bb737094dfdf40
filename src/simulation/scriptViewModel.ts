/**
 * A Foundry script's transactions as Read & Simulate shows them: each one listed (target, function
 * decoded with the workspace's ABIs, value) to pick from, and each simulation as a result of the page,
 * saying whether it ran on the state the ones before it left (one eth_simulateV1 block) or alone. Pure.
 */
import type { SequenceCall } from '../core/evmClient';
import { groupThousands, weiToHype } from '../core/units';
import { revealInvisibles } from '../view/escape';
import type { Translate } from '../view/format';
import type { WorkspaceDecoder } from '../contracts/api';
import type { ScriptTransaction } from './broadcastFile';
import type { RunView } from './protocol';
import type { SequenceSimulation, Simulation } from './simulationRun';
import type { CallTreeView } from '../transactions/protocol';
import { failedRunView, fromValue, simulationRunView, type RunAsked, type RunDecoding } from './simulationViewModel';

/** How a transaction reads in a list: `#2 Counter.setNumber(uint256)`, its target and value. */
export function scriptTransactionLabel(tx: ScriptTransaction, decoder: WorkspaceDecoder | undefined, t: Translate): { label: string; description: string } {
  const decoded = tx.to ? decoder?.call(tx.to, tx.data) : undefined;
  const contract = tx.to ? (decoder?.contractAt(tx.to)?.name ?? tx.contractName) : tx.contractName;
  const what =
    tx.kind === 'CREATE' || (tx.kind === 'CREATE2' && !tx.function)
      ? t('Create {0}', tx.contractName ?? t('a contract'))
      : decoded
        ? `${contract ? `${contract}.` : ''}${decoded.signature}`
        : (tx.function ?? (tx.data.length >= 10 ? tx.data.slice(0, 10) : t('Plain transfer')));
  const parts = [tx.to ? t('to {0}', tx.to) : tx.contractAddress ? t('at {0}', tx.contractAddress) : ''];
  if (tx.value > 0n) parts.push(t('{0} HYPE', groupThousands(weiToHype(tx.value))));
  return { label: `#${tx.index} ${revealInvisibles(what)}`, description: parts.filter(Boolean).join(' · ') };
}

/** The requests a transaction of the script is simulated as (sender, target, calldata, value). */
export function sequenceCalls(txs: readonly ScriptTransaction[]): SequenceCall[] {
  return txs.map((tx) => ({ to: tx.to, data: tx.data, ...(tx.from ? { from: tx.from } : {}), ...(tx.value > 0n ? { value: tx.value } : {}) }));
}

/** The page's results for `txs` simulated as `seq` says, in the script's order; `nextId` numbers them. */
export function scriptRunViews(
  script: string,
  txs: readonly ScriptTransaction[],
  seq: SequenceSimulation,
  decoding: RunDecoding,
  t: Translate,
  nextId: () => number,
  treeOf: (frames: NonNullable<Simulation['frames']>) => CallTreeView | null = () => null,
): RunView[] {
  const at = seq.blockNumber !== null ? groupThousands(String(seq.blockNumber)) : t('latest');
  const note =
    txs.length < 2
      ? null
      : seq.mode === 'together'
        ? t('Simulated in order in one block on top of block {0} (eth_simulateV1): each transaction sees the state the ones before it left.', at)
        : t(
            'Each transaction is simulated alone against block {0}: it does not see the state the ones before it left ({1}).',
            at,
            seq.simulateFailure ? revealInvisibles(seq.simulateFailure.say(t)) : t('this provider does not serve eth_simulateV1'),
          );
  return txs.map((tx, i) => {
    const decoded = tx.to ? decoding.decoder?.call(tx.to, tx.data) : undefined;
    const asked: RunAsked = {
      id: nextId(),
      kind: 'simulate',
      fn: null,
      title: t(
        '{0} #{1}: {2}',
        script,
        tx.index,
        decoded ? decoded.name : tx.kind === 'CREATE' ? t('Create {0}', tx.contractName ?? t('a contract')) : t('Raw calldata'),
      ),
      argTexts: [],
      inputs: null,
      values: null,
      calldata: tx.data,
      to: tx.to ?? tx.contractAddress ?? '',
      from: tx.from,
      value: tx.value,
      fromText: tx.from ?? '',
      valueText: tx.value > 0n ? tx.value.toString() : '',
      blockText: seq.blockNumber !== null ? String(seq.blockNumber) : '',
      outputs: null,
    };
    const r = seq.results[i];
    const view = !r
      ? failedRunView(asked, t('Not simulated.'), t)
      : r.ok
        ? simulationRunView(asked, r.value, r.value.frames ? treeOf(r.value.frames) : null, decoding, t)
        : failedRunView(asked, revealInvisibles(r.error.say(t)), t);
    const args = decoded ? decoded.args.map(fromValue) : view.args;
    const missing = [note, seq.mode === 'together' ? null : view.missing].filter((x): x is string => x !== null).join(' ');
    return { ...view, args, missing: missing || null };
  });
}
