/**
 * The feedback form's state: what happened (required, at most FEEDBACK_MAX_LENGTH characters)
 * and an optional PNG or JPEG screenshot within FEEDBACK_SCREENSHOT_MAX_BYTES, checked here as
 * the server checks them. Sending goes with the user's email (the API adds version and device);
 * success is a toast, a refusal shows the server's message where it belongs.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import {
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  FEEDBACK_SCREENSHOT_TYPES,
} from '@meet/shared';
import { ApiError } from '../../api/client';
import { reportApi } from '../../api/report-api';
import { lengthLimit } from '../../ui/length-limit';
import { toast } from '../../ui/toast-store';
import { useAuth } from '../auth/AuthProvider';

export const SCREENSHOT_MAX_MB = FEEDBACK_SCREENSHOT_MAX_BYTES / (1024 * 1024);
export const SCREENSHOT_ACCEPT = FEEDBACK_SCREENSHOT_TYPES.join(',');

export function useFeedbackForm(onDone: () => void) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [content, setContent] = useState('');
  const [contentError, setContentError] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const pickedRef = useRef(picked);
  pickedRef.current = picked;
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // The preview's object URL lives as long as the picked file: replaced, removed or unmounted.
  const replace = (next: File | null) => {
    if (pickedRef.current) URL.revokeObjectURL(pickedRef.current.url);
    setPicked(next ? { file: next, url: URL.createObjectURL(next) } : null);
  };
  useEffect(
    () => () => {
      if (pickedRef.current) URL.revokeObjectURL(pickedRef.current.url);
    },
    [],
  );

  const length = lengthLimit(content, FEEDBACK_MAX_LENGTH);
  const tooLong = t('errors.feedbackTooLong', { max: FEEDBACK_MAX_LENGTH });

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Reset so picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    setFormError(null);
    if (!(FEEDBACK_SCREENSHOT_TYPES as readonly string[]).includes(file.type)) {
      setScreenshotError(t('errors.feedbackScreenshotType'));
      return;
    }
    if (file.size > FEEDBACK_SCREENSHOT_MAX_BYTES) {
      setScreenshotError(t('errors.feedbackScreenshotTooLarge', { max: SCREENSHOT_MAX_MB }));
      return;
    }
    setScreenshotError(null);
    replace(file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!content.trim()) {
      setContentError(t('errors.feedbackEmpty'));
      return;
    }
    if (length.over) return;
    setSending(true);
    setFormError(null);
    try {
      await reportApi.sendFeedback(
        { content: content.trim(), email: user?.email ?? '', screenshot: picked?.file ?? null },
        { silent: true },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const key = error.key ?? '';
      if (key.startsWith('feedbackScreenshot')) setScreenshotError(error.message);
      else if (key === 'feedbackEmpty' || key === 'feedbackTooLong') setContentError(error.message);
      else setFormError(error.message);
      setSending(false);
      return;
    }
    setSending(false);
    toast.success(t('integrations.feedback.sent'));
    onDone();
  }

  return {
    sending,
    canSend: !sending && !length.over,
    formProps: { onSubmit: (event: FormEvent) => void submit(event), noValidate: true },
    contentProps: {
      name: 'content',
      value: content,
      onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
        setContent(event.target.value);
        setContentError(null);
      },
    },
    length,
    contentError: contentError ?? (length.over ? tooLong : null),
    fileProps: {
      name: 'screenshot',
      type: 'file' as const,
      accept: SCREENSHOT_ACCEPT,
      onChange: pick,
    },
    screenshot: picked?.file ?? null,
    previewUrl: picked?.url ?? null,
    removeScreenshot: () => {
      replace(null);
      setScreenshotError(null);
    },
    screenshotError,
    formError,
  };
}
