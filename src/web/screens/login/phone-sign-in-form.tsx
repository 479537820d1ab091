import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { FormAlert, FormStatus } from '../../components/forms/form-messages';
import { SubmitButton } from '../../components/forms/submit-button';
import { TextField } from '../../components/forms/text-field';
import { buttonStyles, linkButtonStyle } from '../../components/styles';
import { authCall, authClient } from '../../lib/auth-client';
import { checkPhoneNumber, loadPhoneLibrary } from './phone-number';

const CODE_LENGTH = 6;

interface SentTo {
  phone: string;
  display: string;
  /** How many codes were sent to it: the status says 'a new code' after the first. */
  count: number;
}

export function PhoneSignInForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [sentTo, setSentTo] = useState<SentTo>();
  useEffect(() => {
    void loadPhoneLibrary().catch(() => undefined);
  }, []);

  if (!sentTo) {
    return <PhoneNumberStep onSent={(phone, display) => setSentTo({ phone, display, count: 1 })} />;
  }
  return (
    <CodeStep
      sentTo={sentTo}
      onResent={() => setSentTo({ ...sentTo, count: sentTo.count + 1 })}
      onChangeNumber={() => setSentTo(undefined)}
      onSignedIn={onSignedIn}
    />
  );
}

function PhoneNumberStep({ onSent }: { onSent: (phone: string, display: string) => void }) {
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: async (phoneNumber: string) => authCall(authClient.phoneNumber.sendOtp({ phoneNumber })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = await checkPhoneNumber(raw);
    if (!check.ok) {
      setError(check.message);
      document.getElementById('phone-number')?.focus();
      return;
    }
    setError(undefined);
    send.mutate(check.phone, { onSuccess: () => onSent(check.phone, check.display) });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextField
        id="phone-number"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+14155550123"
        value={raw}
        onValueChange={setRaw}
        error={error}
        hint="In international format: + and the country code, e.g. +14155550123."
        required
      />
      <FormAlert>{send.error?.message}</FormAlert>
      <SubmitButton pending={send.isPending} className="w-full">
        Send code
      </SubmitButton>
    </form>
  );
}

interface CodeStepProps {
  sentTo: SentTo;
  onResent: () => void;
  onChangeNumber: () => void;
  onSignedIn: () => Promise<void>;
}

function CodeStep({ sentTo, onResent, onChangeNumber, onSignedIn }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useMutation({
    mutationFn: async (value: string) => {
      await authCall(authClient.phoneNumber.verify({ phoneNumber: sentTo.phone, code: value }));
      await onSignedIn();
    },
  });
  const resend = useMutation({
    mutationFn: () => authCall(authClient.phoneNumber.sendOtp({ phoneNumber: sentTo.phone })),
    onSuccess: () => {
      verify.reset();
      setCode('');
      onResent();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(digits)) {
      setError(`Enter the ${CODE_LENGTH}-digit code from the text message`);
      document.getElementById('phone-code')?.focus();
      return;
    }
    setError(undefined);
    resend.reset();
    verify.mutate(digits);
  };

  const sentMessage =
    sentTo.count > 1
      ? `We sent a new code to ${sentTo.display}. It expires in 5 minutes.`
      : `We sent a ${CODE_LENGTH}-digit code to ${sentTo.display}. It expires in 5 minutes.`;

  return (
    <div className="space-y-4">
      <FormStatus>{sentMessage}</FormStatus>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          id="phone-code"
          autoFocus
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={CODE_LENGTH + 2}
          spellCheck={false}
          value={code}
          onValueChange={setCode}
          error={error}
          required
        />
        <FormAlert>{verify.error?.message ?? resend.error?.message}</FormAlert>
        <SubmitButton pending={verify.isPending} className="w-full">
          Verify and sign in
        </SubmitButton>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="button" onClick={() => resend.mutate()} disabled={resend.isPending} className={buttonStyles.secondary}>
          Send a new code
        </button>
        <button type="button" onClick={onChangeNumber} className={`${linkButtonStyle} text-sm`}>
          Use a different number
        </button>
      </div>
    </div>
  );
}
