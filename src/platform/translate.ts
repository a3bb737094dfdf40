import * as vscode from 'vscode';
import type { Translate } from '../view/format';

/** The view-models' `Translate`, as VS Code localizes: the one adapter from `vscode.l10n.t`. */
export const vscodeTranslate: Translate = (message, ...args) => vscode.l10n.t(message, ...args);
