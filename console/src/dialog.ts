// A confirmation in <dialog id="confirm">: modal, focus moves into it and back, Escape cancels.
import { h } from './dom';

export function confirmDialog(title: string, message: string, ok = 'Confirm'): Promise<boolean> {
  document.getElementById('confirm')?.remove();
  const opener = document.activeElement as HTMLElement | null;
  const okButton = h('button', { id: 'confirm-ok', class: 'danger', value: 'ok' }, ok);
  const cancelButton = h('button', { id: 'confirm-cancel', value: 'cancel' }, 'Cancel');
  const dialog = h('dialog', { id: 'confirm', 'aria-labelledby': 'confirm-title' },
    h('form', { method: 'dialog' },
      h('h2', { id: 'confirm-title' }, title),
      h('p', {}, message),
      h('div', { class: 'buttons' }, cancelButton, okButton)));
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'ok');
      dialog.remove();
      opener?.focus();
    });
    dialog.showModal();
    cancelButton.focus();
  });
}
