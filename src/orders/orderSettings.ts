/** The Open Orders settings besides the wallet list (`watchedWallets.ts`) and the refresh interval. */
import * as vscode from 'vscode';

export const SHOW_DISTANCE_SETTING = 'hyperliquidExplorer.orders.showDistanceFromMid';
export const NOTIFY_ON_FILL_SETTING = 'hyperliquidExplorer.orders.notifyOnFill';

export const orderSettings = {
  /** Each order's distance from the mid price (one `allMids` request per dex with orders and refresh). */
  showDistanceFromMid(): boolean {
    return vscode.workspace.getConfiguration().get<boolean>(SHOW_DISTANCE_SETTING, true) !== false;
  },
  /** A notification when a gone order turns out to have been filled (off by default). */
  notifyOnFill(): boolean {
    return vscode.workspace.getConfiguration().get<boolean>(NOTIFY_ON_FILL_SETTING, false) === true;
  },
};
