/**
 * The poll dialog (role=dialog): the meeting's polls, then one poll in the add, edit, result or
 * vote mode. usePollsDialog holds the behaviour; this file is markup. Mount it while open.
 * Test hooks: poll-list / poll-item (data-vote-id) / poll-new; poll-save; the action buttons
 * poll-launch, poll-stop, poll-delete, poll-edit, poll-confirm, poll-vote, poll-export and the
 * share-results checkbox (poll-publish while hidden, poll-unpublish while shared); poll-submit;
 * poll-back; and in the confirm dialogs poll-confirm-yes / poll-confirm-no.
 */
import { useTranslation } from '../../i18n/useTranslation';
import type { PollButton, PollDetail } from '@meet/shared';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PollBallotView } from './PollBallotView';
import { PollFormView } from './PollFormView';
import { PollListView } from './PollListView';
import { PollResultView } from './PollResultView';
import { statusKey } from './poll-view';
import { usePollsDialog, type PollConfirm, type PollsPlace } from './usePollsDialog';
import './polls.css';

export interface PollsDialogProps {
  place: PollsPlace;
  onClose(): void;
  /** The list view's title (Home names the meeting). */
  title?: string;
}

const BUTTON_TEST_IDS: Record<Exclude<PollButton, 'shareResults'>, string> = {
  delete: 'poll-delete',
  edit: 'poll-edit',
  confirm: 'poll-confirm',
  launch: 'poll-launch',
  participate: 'poll-vote',
  end: 'poll-stop',
  download: 'poll-export',
};

function ConfirmBox({
  confirm,
  busy,
  onYes,
  onNo,
}: {
  confirm: PollConfirm;
  busy: boolean;
  onYes(): void;
  onNo(): void;
}) {
  const { t } = useTranslation();
  const text =
    confirm.kind === 'delete'
      ? {
          title: t('polls.confirmDelete.title'),
          body: t(`polls.confirmDelete.${statusKey(confirm.poll.status)}`),
          yes: t('polls.confirmDelete.confirm'),
        }
      : confirm.kind === 'stop'
        ? {
            title: t('polls.confirmStop.title'),
            body: t('polls.confirmStop.body'),
            yes: t('polls.confirmStop.confirm'),
          }
        : {
            title: t(`polls.leave.${confirm.mode}`),
            body: t('polls.leave.body'),
            yes: t('polls.leave.confirm'),
          };
  return (
    <Dialog
      open
      title={text.title}
      onClose={onNo}
      closeLabel={t('common.close')}
      width={420}
      footer={
        <>
          <Button variant="text" data-testid="poll-confirm-no" onClick={onNo}>
            {t('common.cancel')}
          </Button>
          <Button
            className="btn--danger"
            data-testid="poll-confirm-yes"
            loading={busy}
            onClick={onYes}
            data-autofocus
          >
            {text.yes}
          </Button>
        </>
      }
    >
      <p className="confirm-dialog__body poll-warning" data-testid="poll-confirm-text">
        {text.body}
      </p>
    </Dialog>
  );
}

function ResultFooter({
  poll,
  buttons,
  busy,
  onRun,
  onBack,
}: {
  poll: PollDetail | undefined;
  buttons: PollButton[];
  busy: string | null;
  onRun(button: PollButton, poll: PollDetail): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const shared = poll?.resultPublished === 1;
  return (
    <div className="poll-footer">
      <div className="poll-footer__start">
        <Button variant="text" data-testid="poll-back" onClick={onBack}>
          {t('polls.actions.back')}
        </Button>
        {poll && buttons.includes('shareResults') && (
          <label className="poll-share">
            <input
              type="checkbox"
              checked={shared}
              disabled={busy === 'shareResults'}
              data-testid={shared ? 'poll-unpublish' : 'poll-publish'}
              onChange={() => onRun('shareResults', poll)}
            />
            {t('polls.actions.shareResults')}
          </label>
        )}
      </div>
      <div className="poll-footer__end">
        {poll &&
          buttons
            .filter((b): b is Exclude<PollButton, 'shareResults'> => b !== 'shareResults')
            .map((button) => {
              const primary =
                button === 'launch' || button === 'participate' || button === 'confirm';
              const danger = button === 'delete' || button === 'end';
              return (
                <Button
                  key={button}
                  variant={primary ? 'primary' : danger ? 'text' : 'secondary'}
                  className={danger ? 'poll-btn--danger' : undefined}
                  data-testid={BUTTON_TEST_IDS[button]}
                  loading={busy === button}
                  onClick={() => onRun(button, poll)}
                >
                  {t(`polls.actions.${button}`)}
                </Button>
              );
            })}
      </div>
    </div>
  );
}

export function PollsDialog({ place, onClose, title }: PollsDialogProps) {
  const { t } = useTranslation();
  const d = usePollsDialog(place, onClose);
  const { view, poll } = d;

  let heading = title ?? t('polls.title');
  let body;
  let footer;
  switch (view.mode) {
    case 'list':
      body = (
        <PollListView
          polls={d.list.data}
          loading={d.list.isPending}
          failed={d.list.isError}
          canCreate={d.canCreate}
          onOpen={d.openPoll}
          onRetry={() => void d.list.refetch()}
        />
      );
      footer = d.canCreate ? (
        <Button data-testid="poll-new" onClick={d.newPoll}>
          {t('polls.list.new')}
        </Button>
      ) : undefined;
      break;
    case 'add':
    case 'edit':
      heading = t(`polls.mode.${view.mode}`);
      body =
        view.mode === 'edit' && d.loading ? (
          <p className="poll-note">{t('common.loading')}</p>
        ) : (
          <PollFormView form={d.form} onSubmit={() => void d.save()} />
        );
      footer = (
        <>
          <Button variant="text" data-testid="poll-cancel" onClick={d.cancelForm}>
            {t('polls.form.cancel')}
          </Button>
          <Button
            data-testid="poll-save"
            loading={d.busy === 'save'}
            disabled={view.mode === 'edit' && d.loading}
            onClick={() => void d.save()}
          >
            {t('polls.form.save')}
          </Button>
        </>
      );
      break;
    case 'result':
      heading = t('polls.mode.result');
      body = poll ? (
        <PollResultView poll={poll} />
      ) : (
        <p className="poll-note">{t('common.loading')}</p>
      );
      footer = (
        <ResultFooter
          poll={poll}
          buttons={d.buttons}
          busy={d.busy}
          onRun={(b, p) => void d.run(b, p)}
          onBack={d.back}
        />
      );
      break;
    case 'vote':
      heading = t('polls.mode.vote');
      body = poll ? (
        <PollBallotView poll={poll} selections={d.selections} onChoose={d.choose} />
      ) : (
        <p className="poll-note">{t('common.loading')}</p>
      );
      footer = (
        <>
          <Button variant="text" data-testid="poll-back" onClick={d.back}>
            {t('common.back')}
          </Button>
          <Button
            data-testid="poll-submit"
            loading={d.busy === 'submit'}
            disabled={!poll}
            onClick={() => void d.submit()}
          >
            {t('polls.actions.submit')}
          </Button>
        </>
      );
      break;
  }

  return (
    <>
      <Dialog
        open
        title={heading}
        onClose={d.requestClose}
        closeLabel={t('common.close')}
        width={600}
        footer={footer}
      >
        <div className="polls-dialog" data-testid="polls-dialog" data-mode={view.mode}>
          {body}
        </div>
      </Dialog>
      {d.confirm && (
        <ConfirmBox
          confirm={d.confirm}
          busy={d.busy === 'delete' || d.busy === 'end'}
          onYes={() => void d.confirmYes()}
          onNo={d.confirmNo}
        />
      )}
    </>
  );
}
