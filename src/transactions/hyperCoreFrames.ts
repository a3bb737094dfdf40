/**
 * HyperCore's system contracts as frames of the call tree: a call of a read precompile named for what it
 * reads ("oracle price"), with its input and answer decoded by L1Read.sol's layout; a call of CoreWriter
 * with the action it sends. Raw values only (the HyperCore section puts them in units, with names). Pure.
 */
import type { TraceEntry } from '../core/model';
import { groupThousands } from '../core/units';
import type { Translate } from '../view/format';
import {
  actionTitle,
  CORE_WRITER_ADDRESS,
  decodeCoreAction,
  decodePrecompileCall,
  readName,
  safeName,
  sendRawActionData,
  type DecodedValue,
} from '../hyperCore/api';
import type { ArgView, DecodedView } from './protocol';

export interface HyperCoreFrame {
  /** What the called address is: "HyperCore read: oracle price", "CoreWriter: sends actions to HyperCore". */
  name: string;
  call: DecodedView | null;
  returned: ArgView[] | null;
}

/** The frame's HyperCore side, or null when `e` calls neither a read precompile nor CoreWriter. */
export function hyperCoreFrame(e: Pick<TraceEntry, 'to' | 'input' | 'output' | 'type'>, t: Translate): HyperCoreFrame | null {
  if (e.to?.toLowerCase() === CORE_WRITER_ADDRESS && e.type.toUpperCase() !== 'DELEGATECALL') {
    const data = sendRawActionData(e.input);
    const result = data === undefined ? undefined : decodeCoreAction(data);
    return {
      name: t('CoreWriter: sends actions to HyperCore'),
      call: result ? view('sendRawAction', 'sendRawAction(bytes)', [{ name: 'data', type: 'bytes', text: actionTitle(result, t) }], 'CoreWriter') : null,
      returned: null,
    };
  }
  const call = decodePrecompileCall(e.to, e.input, e.output);
  if (!call) return null;
  const p = call.precompile;
  const signature = `${p.method}(${(p.inputs ?? []).map((i) => i.type).join(',')})`;
  return {
    name: t('HyperCore read: {0}', readName(p, t)),
    call: call.inputs ? view(p.method, signature, call.inputs.map(arg), 'L1Read.sol') : null,
    returned: call.output ? [arg(call.output)] : null,
  };
}

function view(name: string, signature: string, args: ArgView[], abiName: string): DecodedView {
  return { name, signature, args, guess: false, abiName, abiPath: '', alternatives: [] };
}

/** A decoded value as the call tree shows arguments. */
function arg(v: DecodedValue): ArgView {
  if ('parts' in v) return { name: v.name, type: v.type, text: '', items: v.parts.map(arg) };
  if ('items' in v) return { name: v.name, type: v.type, text: '', items: v.items.slice(0, 20).map(arg), ...(v.items.length > 20 ? { cut: true } : {}) };
  const text = typeof v.value === 'bigint' ? groupThousands(v.value.toString()) : typeof v.value === 'boolean' ? String(v.value) : safeName(v.value);
  return { name: v.name, type: v.type, text };
}
