import type { Translate } from '../view/format';
import type { HyperCoreLabels } from './protocol';

/** The HyperCore section's words (spread into the transaction page's labels). */
export function hyperCoreLabels(l10n: { t: Translate }): HyperCoreLabels {
  return {
    hcTitle: l10n.t('HyperCore'),
    hcActions: l10n.t('Actions sent to HyperCore (CoreWriter)'),
    hcStateSent: l10n.t('Sent to HyperCore: CoreWriter logged it. This is not a confirmation that HyperCore executed it.'),
    hcStateReverted: l10n.t('Not sent: the transaction reverted, so CoreWriter logged nothing.'),
    hcStatePending: l10n.t('Not sent yet: the transaction is not in a block.'),
    hcStateUnknown: l10n.t('Unknown: the receipt could not be read, so whether CoreWriter logged it is not known.'),
    hcActingFor: l10n.t('for {0}'),
    hcActionData: l10n.t('Action data'),
    hcActionsNotShown: { one: l10n.t('{0} more action is not shown here.'), other: l10n.t('{0} more actions are not shown here.') },
    hcTransfer: l10n.t('Transfer from HyperCore (system transaction)'),
    hcReads: l10n.t('HyperCore reads (precompile calls)'),
    hcReadsNotShown: {
      one: l10n.t('{0} more precompile call is not shown here.'),
      other: l10n.t('{0} more precompile calls are not shown here.'),
    },
    hcInputs: l10n.t('Input'),
    hcOutputs: l10n.t('Output'),
    hcNamesProblem: l10n.t('Token and market names could not be loaded ({0}): numbers are shown instead.'),
  };
}
