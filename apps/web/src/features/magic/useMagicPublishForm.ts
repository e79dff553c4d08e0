/**
 * The publish form's behaviour: a name for the prompt in use, an optional cover (a snapshot of
 * the styled preview, taken when asked), then Publish (freeStyle/publish: a new style of mine,
 * sent for publishing) or Save to favourites (freeStyle/favorite). The new style goes straight
 * into the catalogue's lists; a refusal is shown in the form, in the user's language.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { ApiError } from '../../api/client';
import { magicApi } from '../../api/magic-api';
import { toast } from '../../ui/toast-store';
import { publishProblem } from './magic-form';
import { prependStyle, refreshList } from './magic-queries';
import { useMagicUser } from './useMagicCatalogue';

export interface PublishFormProps {
  /** The prompt in use on the page: the style's prompt. */
  prompt: string;
  /** A JPEG of the preview as it looks now, or null when there is no picture. */
  takeCover: (() => Promise<Blob | null>) | null;
}

type Action = 'publish' | 'favorite';

export function useMagicPublishForm({ prompt, takeCover }: PublishFormProps) {
  const { t } = useTranslation();
  const user = useMagicUser();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [cover, setCover] = useState<Blob | null>(null);
  const [coverUrl, setCoverUrl] = useState<string | null>(null);
  const [sending, setSending] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!cover) return setCoverUrl(null);
    const url = URL.createObjectURL(cover);
    setCoverUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [cover]);

  const problem = publishProblem(name, prompt);
  const send = async (action: Action) => {
    setTried(true);
    setError(null);
    if (problem) return;
    setSending(action);
    try {
      const style = { name: name.trim(), prompt: prompt.trim(), ...(cover ? { cover } : {}) };
      const options = { silent: true };
      if (action === 'publish') {
        prependStyle(client, user, 'mine', await magicApi.publish(style, options));
        toast.success(t('magic.publish.sent'));
      } else {
        prependStyle(client, user, 'favorites', await magicApi.favorite(style, options));
        void refreshList(client, user, 'mine');
        toast.success(t('magic.publish.saved'));
      }
      setName('');
      setCover(null);
      setTried(false);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message || t('common.networkError'));
    } finally {
      setSending(null);
    }
  };

  return {
    name,
    setName: (next: string) => {
      setName(next);
      setError(null);
    },
    /** What is wrong, once the user has tried to send (the name's length shows as a counter). */
    problem: tried && problem && problem !== 'nameTooLong' ? t(`errors.${problem}`) : null,
    error,
    canSend: problem !== 'nameTooLong' && !sending,
    sending,
    coverUrl,
    canSnapshot: !!takeCover && !sending,
    snapshot: async () => {
      const blob = await takeCover?.();
      if (blob) setCover(blob);
      else setError(t('magic.publish.noPicture'));
    },
    removeCover: () => setCover(null),
    publish: () => void send('publish'),
    favorite: () => void send('favorite'),
  };
}
