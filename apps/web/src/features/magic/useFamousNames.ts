/**
 * My celebrity names (SPEC.md "Magic-cam state" celebrities): kept on the server, added and
 * removed here, each one put into the prompt as "in the style of <name>". A change shows at once
 * and the server's answer then settles the list; a refused change puts the old list back.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAGIC_FAMOUS_NAMES_MAX, MAGIC_NAME_MAX } from '@meet/shared';
import { ApiError } from '../../api/client';
import { magicApi } from '../../api/magic-api';
import { famousNamesKey, useFamousNames } from './magic-queries';
import { useMagicUser } from './useMagicCatalogue';

export type NameProblem = 'empty' | 'tooLong' | 'duplicate' | 'full' | null;

/** Why a name cannot be added to the list, or null. */
export function nameProblem(name: string, names: readonly string[]): NameProblem {
  const trimmed = name.trim();
  if (!trimmed) return 'empty';
  if (trimmed.length > MAGIC_NAME_MAX) return 'tooLong';
  if (names.some((n) => n.toLowerCase() === trimmed.toLowerCase())) return 'duplicate';
  if (names.length >= MAGIC_FAMOUS_NAMES_MAX) return 'full';
  return null;
}

export function useFamousNamesEditor() {
  const user = useMagicUser();
  const client = useQueryClient();
  const query = useFamousNames(user);
  const names = query.data ?? [];
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async (next: string[]) => {
    const key = famousNamesKey(user);
    const before = client.getQueryData<string[]>(key);
    client.setQueryData(key, next);
    setSaving(true);
    try {
      client.setQueryData(key, (await magicApi.updateMyFamousManNames(next)).names);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      client.setQueryData(key, before);
      return false;
    } finally {
      setSaving(false);
    }
  };

  const problem = draft.trim() ? nameProblem(draft, names) : null;
  return {
    names,
    loading: query.isPending,
    draft,
    setDraft,
    problem,
    saving,
    canAdd: !!draft.trim() && !problem && !saving,
    add: async () => {
      if (nameProblem(draft, names)) return;
      if (await save([...names, draft.trim()])) setDraft('');
    },
    remove: (name: string) => void save(names.filter((n) => n !== name)),
  };
}
