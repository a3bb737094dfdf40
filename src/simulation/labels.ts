import type { Translate } from '../view/format';
import type { TransactionLabels } from '../transactions/protocol';
import type { SimulationLabels } from './protocol';

/**
 * Read & Simulate's words, localized by the host (the webview has no `vscode.l10n`): the transaction
 * page's (`base`, for the call tree and decoded values) and its own. Pure.
 */
export function simulationLabels(l10n: { t: Translate }, base: TransactionLabels): SimulationLabels {
  return {
    ...base,
    loading: l10n.t('Loading the contract {0}…'),
    problemNotFound: l10n.t('No such contract'),
    problemOther: l10n.t('The contract could not be loaded'),
    treeNodeNote: l10n.t('The calls marked as reverted are as the node says (debug_traceCall).'),
    simTitle: l10n.t('Read & Simulate'),
    simNavigation: l10n.t('Read & Simulate actions'),
    readOnlyNote: l10n.t(
      'Read-only: a read or a simulation is an eth_call-family request (eth_call, eth_estimateGas, debug_traceCall). The node runs it on a copy of the chain’s state and forgets it; nothing is signed or sent.',
    ),
    noAbi: l10n.t(
      'The workspace has no ABI for this address: simulate raw calldata below, or open the page from the contract’s artifact (its context menu in the Explorer).',
    ),
    abiFrom: l10n.t('Functions from {0}'),
    implementationNote: l10n.t('A proxy (EIP-1967): the functions of its implementation {0} are listed too.'),
    readFunctions: l10n.t('Read'),
    writeFunctions: l10n.t('Simulate'),
    precompiles: l10n.t('HyperCore read precompiles'),
    precompileCaveat: l10n.t(
      'A read precompile called at latest runs out of gas on a node that does not forward HyperCore reads (nanoreth without --forward-read-precompiles): a failure here may be the provider’s, not the call’s.',
    ),
    inHumanUnits: l10n.t('In human units'),
    namesProblem: l10n.t('HyperCore’s names and decimals could not be read ({0}): numbers without them are as sent.'),
    rawCalldata: l10n.t('Raw calldata'),
    read: l10n.t('Read'),
    readAllNoArgs: l10n.t('Read all without arguments'),
    simulate: l10n.t('Simulate'),
    fromLabel: l10n.t('From (any address)'),
    valueLabel: l10n.t('Value (wei)'),
    blockLabel: l10n.t('Block'),
    blockHint: l10n.t('latest, or a block number'),
    calldataLabel: l10n.t('Calldata (0x…)'),
    running: l10n.t('Running…'),
    runs: l10n.t('Results'),
    noRuns: l10n.t('Nothing read or simulated yet.'),
    returnedLabel: l10n.t('Returned'),
    revertedLabel: l10n.t('Reverted'),
    failedLabel: l10n.t('The request failed'),
    simulatedAt: l10n.t('simulated at block {0}'),
    readAt: l10n.t('read at block {0}'),
    gasUsedLabel: l10n.t('Gas used'),
    feeSmall: l10n.t('Fee in a small block (eth_gasPrice)'),
    feeBig: l10n.t('Fee in a big block (eth_bigBlockGasPrice)'),
    atGasPrice: l10n.t('{0} HYPE at {1} gwei'),
    events: l10n.t('Events'),
    noEvents: l10n.t('No events.'),
    wouldSend: l10n.t('Would be sent to HyperCore: {0}'),
    missingNote: l10n.t('What is missing: {0}'),
    change: l10n.t('Change and run again'),
    compareWith: l10n.t('Compare with the previous result'),
    compareTitle: l10n.t('Compare results {0} and {1}'),
    compareField: l10n.t('Field'),
    same: l10n.t('same'),
    differs: l10n.t('differs'),
    closeCompare: l10n.t('Close the comparison'),
    rawData: l10n.t('Raw data'),
    traceRefused: l10n.t(
      'This provider does not serve debug_traceCall: simulations show what eth_call and eth_estimateGas say, without a call tree or events.',
    ),
    argument: l10n.t('Argument {0} ({1})'),
  };
}
