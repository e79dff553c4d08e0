/** A password field with a show/hide toggle. */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { IconButton } from '../../ui/Button';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';
import { TextField, type TextFieldProps } from '../../ui/TextField';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <IconButton
          className="auth-eye"
          aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </IconButton>
      }
    />
  );
}
