/** Toasts as a module store so code outside React (the API client) can show them too. */
import { TOAST_MS } from '@meet/shared';

export type ToastKind = 'info' | 'success' | 'error' | 'warning';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  set(items.filter((item) => item.id !== id));
}

export function showToast(kind: ToastKind, text: string, durationMs = TOAST_MS) {
  const id = nextId++;
  // The same text twice in a row (e.g. two failing calls) would only stack noise.
  set([...items.filter((item) => item.text !== text), { id, kind, text }]);
  setTimeout(() => dismissToast(id), durationMs);
}

export const toast = {
  info: (text: string) => showToast('info', text),
  success: (text: string) => showToast('success', text),
  error: (text: string) => showToast('error', text),
  warning: (text: string) => showToast('warning', text),
};

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => items,
};
