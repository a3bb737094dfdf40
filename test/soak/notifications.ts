/**
 * The notifications of the open notification center, each as its message and whether it is a progress
 * notification (a running progress bar: VS Code's "Activating Extensions...", a page's "Loading…" after
 * 300 ms). A message stays there until the person closes it; a progress notification goes away by itself
 * when its work ends.
 */
import type { Page } from 'playwright-core';

export interface ShownNotification {
  message: string;
  progress: boolean;
}

export function centerNotifications(page: Page): Promise<ShownNotification[]> {
  return page
    .locator('.notifications-center .notification-list-item')
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
