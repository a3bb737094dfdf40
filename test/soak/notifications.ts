/**
 * The notifications the workbench shows now (toasts, and the notification center when open), each as its
 * message and whether it is a progress notification (a running progress bar: VS Code's "Activating
 * Extensions...", a page's "Loading…" after 300 ms). Messages and progress are counted apart: a progress
 * notification goes away by itself when its work ends, a message stays until the person closes it.
 */
import type { Page } from 'playwright-core';

export interface ShownNotification {
  message: string;
  progress: boolean;
}

/** What the toasts and the open notification center show (`center`: only the center). */
export function shownNotifications(page: Page, where: 'all' | 'center' = 'all'): Promise<ShownNotification[]> {
  const items = where === 'center' ? '.notifications-center .notification-list-item' : '.notifications-toasts .notification-list-item, .notifications-center .notification-list-item';
  return page
    .locator(items)
    .evaluateAll((items) =>
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      items.map((item) => {
        const bar = item.querySelector('.monaco-progress-container');
        const running = !!bar && !bar.classList.contains('done') && (bar.classList.contains('active') || bar.classList.contains('infinite'));
        return { message: (item.querySelector('.notification-list-item-message')?.textContent ?? '').trim(), progress: running };
      }),
    )
    .then((all) => all.filter((n) => n.message !== ''))
    .catch(() => []);
}
