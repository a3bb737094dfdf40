import * as vscode from 'vscode';

/** An item of a parsing pick; one without a value (an inline error) keeps the pick open on Enter. */
export interface ParsingPickItem<T> extends vscode.QuickPickItem {
  value?: T;
}

export interface ParsingPickOptions<T> {
  title: string;
  /** What an empty box needs, said where the typing goes. */
  placeholder: string;
  /** The items of an empty box: the recent entries. */
  start: ParsingPickItem<T>[];
  /** The one item for what is typed: what it was understood as, or why it is refused. */
  itemFor(text: string): ParsingPickItem<T>;
  /** More items for what is typed, below that one (Look Up: the other contracts a name matches). */
  moreFor?(text: string): ParsingPickItem<T>[];
}

/**
 * A quick pick rather than an input box: it lists the recent entries, and still takes anything typed,
 * saying inline (as its only item, before Enter) what it understood or what is wrong. Resolves to the
 * chosen value, or undefined when the pick is closed.
 */
export function askWithParsingPick<T>(options: ParsingPickOptions<T>): Promise<T | undefined> {
  const pick = vscode.window.createQuickPick<ParsingPickItem<T>>();
  pick.title = options.title;
  pick.placeholder = options.placeholder;
  pick.ignoreFocusOut = true;

  const update = () => {
    if (pick.value.trim() === '') {
      pick.items = options.start;
      return;
    }
    // Always shown: the quick pick would otherwise hide an item whose label does not match the text.
    const item = { ...options.itemFor(pick.value), alwaysShow: true };
    pick.items = [item, ...(options.moreFor?.(pick.value) ?? []).map((more) => ({ ...more, alwaysShow: true }))];
    pick.activeItems = [item];
  };
  update();

  return new Promise((resolve) => {
    const disposables = [
      pick.onDidChangeValue(update),
      pick.onDidAccept(() => {
        const value = (pick.activeItems[0] ?? pick.selectedItems[0])?.value;
        if (value === undefined) return; // the inline error: stay open, keep what was typed
        resolve(value);
        pick.hide();
      }),
      pick.onDidHide(() => {
        resolve(undefined);
        disposables.forEach((d) => d.dispose());
        pick.dispose();
      }),
    ];
    pick.show();
  });
}
