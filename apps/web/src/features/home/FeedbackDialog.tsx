/** Feedback from the avatar menu: what happened, an optional screenshot, Send. */
import { useId, useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { CLIENT_VERSION } from '@meet/shared';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SCREENSHOT_MAX_MB, useFeedbackForm } from './useFeedbackForm';
import './integrations.css';

const FORM_ID = 'feedback-form';

export function FeedbackDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const form = useFeedbackForm(onClose);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { what: useId(), note: useId(), count: useId(), shot: useId() };
  const describedBy = [form.contentError && ids.note, form.length.showCount && ids.count].filter(
    Boolean,
  );
  return (
    <Dialog
      open
      title={t('integrations.feedback.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={520}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            disabled={!form.canSend}
            loading={form.sending}
            data-testid="feedback-send"
          >
            {t('integrations.feedback.send')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="feedback-form" {...form.formProps}>
        <div className={form.contentError ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={ids.what}>
            {t('integrations.feedback.what')}
          </label>
          <textarea
            id={ids.what}
            className="feedback-form__text"
            rows={5}
            placeholder={t('integrations.feedback.placeholder')}
            aria-invalid={form.contentError ? true : undefined}
            aria-describedby={describedBy.join(' ') || undefined}
            data-autofocus
            {...form.contentProps}
          />
          {(form.contentError || form.length.showCount) && (
            <div className="field__foot">
              {form.contentError && (
                <div id={ids.note} className="field__error" role="alert">
                  {form.contentError}
                </div>
              )}
              {form.length.showCount && (
                <span
                  id={ids.count}
                  className={form.length.over ? 'field__count field__count--over' : 'field__count'}
                  data-testid="char-count"
                >
                  {form.length.count}/{form.length.max}
                </span>
              )}
            </div>
          )}
        </div>

        <div className="feedback-form__shot">
          <span className="field__label" id={ids.shot}>
            {t('integrations.feedback.screenshot')}
          </span>
          <input
            ref={fileInput}
            className="visually-hidden"
            aria-labelledby={ids.shot}
            data-testid="feedback-screenshot-input"
            {...form.fileProps}
          />
          {form.previewUrl ? (
            <div className="feedback-form__preview">
              <img src={form.previewUrl} alt={t('integrations.feedback.screenshotPreview')} />
              <div className="feedback-form__preview-actions">
                <span className="feedback-form__file" title={form.screenshot?.name}>
                  {form.screenshot?.name}
                </span>
                <Button variant="text" size="small" onClick={() => fileInput.current?.click()}>
                  {t('integrations.feedback.changeScreenshot')}
                </Button>
                <Button variant="text" size="small" onClick={form.removeScreenshot}>
                  {t('integrations.feedback.removeScreenshot')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" size="small" onClick={() => fileInput.current?.click()}>
              {t('integrations.feedback.addScreenshot')}
            </Button>
          )}
          <p
            className={form.screenshotError ? 'field__error' : 'field__hint'}
            role={form.screenshotError ? 'alert' : undefined}
          >
            {form.screenshotError ??
              t('integrations.feedback.screenshotHint', { max: SCREENSHOT_MAX_MB })}
          </p>
        </div>

        <p className="feedback-form__note">
          {t('integrations.feedback.sentWith', { version: CLIENT_VERSION })}
        </p>
        {form.formError && (
          <p className="field__error feedback-form__error" role="alert">
            {form.formError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
