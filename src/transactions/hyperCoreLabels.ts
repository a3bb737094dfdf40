import type { Translate } from '../view/format';
import type { HyperCoreLabels } from './hyperCoreView';

/** The HyperCore section's words (the transaction page's labels hold them under `hyperCore`). */
export function hyperCoreLabels(l10n: { t: Translate }): HyperCoreLabels {
  return {
    title: l10n.t('HyperCore'),
    actions: l10n.t('Actions sent to HyperCore (CoreWriter)'),
    stateSent: l10n.t('Sent to HyperCore: CoreWriter logged it. This is not a confirmation that HyperCore executed it.'),
    stateReverted: l10n.t('Not sent: the transaction reverted, so CoreWriter logged nothing.'),
    statePending: l10n.t('Not sent yet: the transaction is not in a block.'),
    stateUnknown: l10n.t('Unknown: the receipt could not be read, so whether CoreWriter logged it is not known.'),
    actingFor: l10n.t('for {0}'),
    actionData: l10n.t('Action data'),
    actionsNotShown: l10n.t('{0} more actions are not shown here.'),
    transfer: l10n.t('Transfer from HyperCore (system transaction)'),
    reads: l10n.t('HyperCore reads (precompile calls)'),
    readsNotShown: l10n.t('{0} more precompile calls are not shown here.'),
    inputs: l10n.t('Input'),
    outputs: l10n.t('Output'),
    namesProblem: l10n.t('Token and market names could not be loaded ({0}): numbers are shown instead.'),
  };
}
