import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { useTint } from './color.js';

export interface TextPromptProps {
  message: string;
  /** Hide what is typed (shown as •). */
  password?: boolean;
  /** Returns an error message, or nothing when the value is fine. */
  validate?: (value: string) => string | undefined;
  /** The answer, and any text typed ahead after Enter (for the next prompt). */
  onSubmit: (value: string, typedAhead: string) => void;
  onCancel: () => void;
}

function printable(text: string): string {
  // Control characters would corrupt the prompt line; they are intentional in this class.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, '');
}

/** A one-line text prompt: type, Backspace to erase, Enter to submit, Ctrl+C or Esc to cancel. */
export function TextPrompt({
  message,
  password = false,
  validate,
  onSubmit,
  onCancel,
}: TextPromptProps) {
  const tint = useTint();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  // Keys can arrive faster than re-renders (the input handler would see a stale value): refs hold the latest.
  const current = useRef('');
  const done = useRef(false);
  const typedAhead = useRef('');

  const update = (next: string) => {
    current.current = next;
    setValue(next);
    setError(undefined);
  };
  const submit = () => {
    const problem = validate?.(current.current);
    setError(problem);
    if (!problem) {
      done.current = true;
      setSubmitted(true);
    }
  };

  useInput(
    (input, key) => {
      if (done.current) return;
      if (key.escape || (key.ctrl && input === 'c')) {
        onCancel();
        return;
      }
      if (key.return) {
        submit();
        return;
      }
      if (key.backspace || key.delete) {
        update([...current.current].slice(0, -1).join(''));
        return;
      }
      if (
        key.ctrl ||
        key.meta ||
        key.tab ||
        key.upArrow ||
        key.downArrow ||
        key.leftArrow ||
        key.rightArrow
      )
        return;
      // Pasted or typed-ahead text arrives as one chunk, possibly with Enter inside.
      const newline = input.search(/[\r\n]/);
      const typed = printable(newline >= 0 ? input.slice(0, newline) : input);
      if (typed) update(current.current + typed);
      if (newline >= 0) {
        const after = input.slice(newline + 1);
        typedAhead.current =
          input[newline] === '\r' && after.startsWith('\n') ? after.slice(1) : after;
        submit();
      }
    },
    { isActive: !submitted },
  );

  // Submit after the answered frame has rendered, so it stays on screen once the prompt unmounts.
  useEffect(() => {
    if (submitted) onSubmit(current.current, typedAhead.current);
  }, [submitted, onSubmit]);

  const shown = password ? '•'.repeat([...value].length) : value;
  return (
    <Box flexDirection="column">
      <Box>
        <Text color={tint(submitted ? 'green' : 'cyan')}>{submitted ? '✔ ' : '? '}</Text>
        <Text bold>{message} </Text>
        <Text>{shown}</Text>
        {submitted ? null : <Text inverse> </Text>}
      </Box>
      {error ? <Text color={tint('red')}>{`  ${error}`}</Text> : null}
    </Box>
  );
}
