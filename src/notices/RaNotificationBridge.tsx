/**
 * react-admin reports through its own notify(); this moves those messages into our notice queue
 * so there is one place on screen and one set of durations. Undo is not offered, so an undoable
 * mutation is committed at once instead of waiting for a snackbar that never shows.
 */
import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'ra-core';
import { notices } from './noticeStore';

export function RaNotificationBridge(): null {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    const next = takeNotification();
    if (!next) return;
    if (next.notificationOptions?.undoable) takeMutation()?.({ isUndo: false });
    const message = typeof next.message === 'string' ? translate(next.message, next.notificationOptions?.messageArgs ?? {}) : null;
    if (message) notices.pushFromFramework(next.type ?? 'info', message);
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
