/** The Open Orders settings besides the wallet list (`watchedWallets.ts`) and the refresh interval. */
import * as vscode from 'vscode';
import { settingId, Settings } from '../ids';

export const orderSettings = {
  /** Each order's distance from the mid price (one `allMids` request per dex with orders and refresh). */
  showDistanceFromMid(): boolean {
    return vscode.workspace.getConfiguration().get<boolean>(settingId(Settings.ordersShowDistanceFromMid), true) !== false;
  },
  /** A notification when a gone order turns out to have been filled (off by default). */
  notifyOnFill(): boolean {
    return vscode.workspace.getConfiguration().get<boolean>(settingId(Settings.ordersNotifyOnFill), false) === true;
  },
};
