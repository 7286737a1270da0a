import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { useTint } from './color.js';

export interface ConfirmPromptProps {
  /** The question, e.g. "Suspend company Demo (id 2)?" */
  message: string;
  /** What Enter alone answers; destructive questions default to no. */
  defaultValue?: boolean;
  onSubmit: (value: boolean) => void;
  onCancel: () => void;
}

/** A yes/no question: y or n answers, Enter takes the default, Ctrl+C or Esc cancels. */
export function ConfirmPrompt({
  message,
  defaultValue = false,
  onSubmit,
  onCancel,
}: ConfirmPromptProps) {
  const tint = useTint();
  const [answer, setAnswer] = useState<boolean | undefined>();
  // Keys can arrive in one chunk faster than re-renders: the ref stops a second answer.
  const done = useRef(false);

  useInput(
    (input, key) => {
      if (done.current) return;
      if (key.escape || (key.ctrl && input === 'c')) {
        done.current = true;
        onCancel();
        return;
      }
      const first = input.trim().charAt(0).toLowerCase();
      let value: boolean | undefined;
      if (key.return || input.startsWith('\r') || input.startsWith('\n')) value = defaultValue;
      else if (first === 'y') value = true;
      else if (first === 'n') value = false;
      if (value === undefined) return;
      done.current = true;
      setAnswer(value);
    },
    { isActive: answer === undefined },
  );

  // Submit after the answered frame has rendered, so it stays on screen once the prompt unmounts.
  useEffect(() => {
    if (answer !== undefined) onSubmit(answer);
  }, [answer, onSubmit]);

  const answered = answer !== undefined;
  // One Text, so a long question wraps as prose instead of squeezing the mark.
  return (
    <Box>
      <Text>
        <Text color={tint(answered ? (answer ? 'green' : 'red') : 'cyan')}>
          {answered ? (answer ? '✔ ' : '✖ ') : '? '}
        </Text>
        <Text bold>{message} </Text>
        {answered ? (
          <Text>{answer ? 'yes' : 'no'}</Text>
        ) : (
          <Text dimColor>{defaultValue ? '(Y/n)' : '(y/N)'}</Text>
        )}
      </Text>
    </Box>
  );
}
