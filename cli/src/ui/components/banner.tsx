import { Box, Text } from 'ink';
import { useTint } from './color.js';

export type BannerType = 'info' | 'success' | 'warning' | 'error';

export interface BannerProps {
  type: BannerType;
  /** One sentence saying what happened. */
  headline: string;
  /** More lines under the headline. */
  body?: string[];
  /** A machine code shown after the headline (e.g. ERR_INVALID_CREDENTIALS). */
  code?: string;
  /** What the user can do next, one bullet each. */
  nextSteps?: string[];
}

const LOOK: Record<BannerType, { title: string; color: string }> = {
  info: { title: 'info', color: 'cyan' },
  success: { title: 'success', color: 'green' },
  warning: { title: 'warning', color: 'yellow' },
  error: { title: 'error', color: 'red' },
};

/** A rounded box with a title, a headline, optional body lines and next steps (cli-kit's alerts). */
export function Banner({ type, headline, body = [], code, nextSteps = [] }: BannerProps) {
  const tint = useTint();
  const look = LOOK[type];
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={tint(look.color)} paddingX={1}>
      <Text bold color={tint(look.color)}>
        {look.title}
      </Text>
      <Box marginTop={1} flexDirection="column">
        <Text>
          {headline}
          {code ? <Text dimColor> ({code})</Text> : null}
        </Text>
        {body.map((line, i) => (
          <Text key={i}>{line}</Text>
        ))}
      </Box>
      {nextSteps.length > 0 ? (
        <Box marginTop={1} flexDirection="column">
          <Text bold>Next steps</Text>
          {nextSteps.map((step, i) => (
            <Box key={i}>
              <Box width={4} flexShrink={0} paddingLeft={2}>
                <Text>•</Text>
              </Box>
              <Text>{step}</Text>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
