/** The watched wallet list, kept in VS Code's `hyperliquidExplorer.wallets` setting. */
import { settings } from '../platform/settings';
import { watchedWalletList } from './watchedWallets';

export const watchedWallets = watchedWalletList({ get: () => settings.walletsSetting(), set: (wallets) => settings.setWalletsSetting(wallets) });
