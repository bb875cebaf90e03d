import { Anchor, Group, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

export const RESEND_SECONDS = 60;

/** Seconds left, counting down from `seconds` to zero. Remount (a new `key`) to start again. */
export function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => (s <= 1 ? 0 : s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return left;
}

function ResendLink({ onResend, resending }: { onResend: () => void; resending: boolean }) {
  const left = useCountdown(RESEND_SECONDS);
  return left > 0 ? (
    <span aria-live="polite">Resend in {left}s</span>
  ) : (
    <Anchor component="button" type="button" onClick={onResend} disabled={resending}>
      Resend code
    </Anchor>
  );
}

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  error?: string | null;
  /** Sends a new code; the link shows again after the countdown. */
  onResend: () => Promise<unknown>;
  disabled?: boolean;
}

/**
 * The 6 boxes of an emailed code. Typing moves along, pasting the whole code fills every box,
 * and the phone's keyboard offers the code from the message.
 */
export function CodeInput({ value, onChange, onComplete, error, onResend, disabled }: CodeInputProps) {
  const [sent, setSent] = useState(0);
  const [resending, setResending] = useState(false);
  const resend = async () => {
    setResending(true);
    try {
      await onResend();
      setSent((n) => n + 1);
    } finally {
      setResending(false);
    }
  };
  return (
    <Stack gap={6}>
      <Group justify="center">
        <PinInput
          length={6}
          type="number"
          oneTimeCode
          value={value}
          onChange={(next) => {
            onChange(next);
            // Every time the six boxes fill (typed, pasted, or again after a wrong code).
            if (next.length === 6) onComplete?.(next);
          }}
          error={Boolean(error)}
          disabled={disabled}
          size="md"
          gap={8}
          aria-label="6-digit code"
          autoFocus
        />
      </Group>
      {error && (
        <Text c="red" size="sm" ta="center" role="alert">
          {error}
        </Text>
      )}
      <Text size="sm" c="dimmed" ta="center">
        Didn’t get it? <ResendLink key={sent} onResend={() => void resend()} resending={resending} />
      </Text>
    </Stack>
  );
}
