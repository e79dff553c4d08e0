/** Shows the toasts of the toast store, newest last, at the top centre. */
import { useSyncExternalStore } from 'react';
import { toastStore } from './toast-store';

export function Toaster() {
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} data-kind={item.kind}>
          <span className="toast__dot" aria-hidden="true" />
          {item.text}
        </div>
      ))}
    </div>
  );
}
