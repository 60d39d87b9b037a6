import * as vscode from 'vscode';
import { GraphService } from '../graph/GraphService';
import { statusText } from './statusText';

/**
 * The status bar item ("indexing 120/900 files" → "12,345 symbols"; click: the log) and, for
 * the first index of the session, a progress notification.
 */
export function registerStatus(context: vscode.ExtensionContext, service: GraphService): void {
  const item = vscode.window.createStatusBarItem('tsCodeGraph.status', vscode.StatusBarAlignment.Left, 0);
  item.name = 'TS Code Graph';
  item.command = 'tsCodeGraph.showLog';
  const render = (): void => {
    const folders = service.status();
    if (folders.length === 0) {
      item.hide();
      return;
    }
    const view = statusText(folders);
    item.text = view.text;
    item.tooltip = view.tooltip;
    item.backgroundColor = view.failed ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.show();
  };
  context.subscriptions.push(item, service.onDidChange(render));
  render();
  showFirstIndexProgress(context, service);
}

function showFirstIndexProgress(context: vscode.ExtensionContext, service: GraphService): void {
  let started = false;
  const watch = service.onDidChange(() => {
    const indexing = service.indexingText();
    if (started || !indexing) return;
    started = true;
    watch.dispose();
    void vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'TS Code Graph' },
      (progress) =>
        new Promise<void>((resolve) => {
          progress.report({ message: indexing });
          const sub = service.onDidChange(() => {
            const now = service.indexingText();
            if (now) {
              progress.report({ message: now });
              return;
            }
            sub.dispose();
            resolve();
          });
          context.subscriptions.push(sub);
        }),
    );
  });
  context.subscriptions.push(watch);
}
