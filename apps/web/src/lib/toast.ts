import type { ReactElement } from 'react';
import { TOAST } from '@tillbook/contract/constants';
import { toast as sonner, type ExternalToast } from 'sonner';

type Id = string | number;

/** Toasts still open, oldest first: past the spec's 20 the oldest is dismissed. */
const open: Id[] = [];

function keep(id: Id): Id {
  open.push(id);
  while (open.length > TOAST.kept) {
    const oldest = open.shift();
    if (oldest !== undefined) sonner.dismiss(oldest);
  }
  return id;
}

function track(options?: ExternalToast): ExternalToast {
  return {
    ...options,
    onDismiss: (t) => {
      const i = open.indexOf(t.id);
      if (i >= 0) open.splice(i, 1);
      options?.onDismiss?.(t);
    },
    onAutoClose: (t) => {
      const i = open.indexOf(t.id);
      if (i >= 0) open.splice(i, 1);
      options?.onAutoClose?.(t);
    },
  };
}

/**
 * Toasts with the spec's durations (section 4): success 2 s; blank, error and custom 4 s;
 * loading until dismissed.
 */
export const notify = {
  blank: (message: string, options?: ExternalToast) =>
    keep(sonner(message, track({ duration: TOAST.defaultMs, ...options }))),
  success: (message: string, options?: ExternalToast) =>
    keep(sonner.success(message, track({ duration: TOAST.successMs, ...options }))),
  error: (message: string, options?: ExternalToast) =>
    keep(sonner.error(message, track({ duration: TOAST.defaultMs, ...options }))),
  loading: (message: string, options?: ExternalToast) =>
    keep(sonner.loading(message, track({ duration: Infinity, ...options }))),
  custom: (render: (id: Id) => ReactElement, options?: ExternalToast) =>
    keep(sonner.custom(render, track({ duration: TOAST.defaultMs, ...options }))),
  dismiss: (id?: Id) => sonner.dismiss(id),
};
