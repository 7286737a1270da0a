import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import { useTint } from './color.js';

export type TaskState = 'pending' | 'running' | 'done' | 'failed';

export interface TasksProps {
  tasks: { title: string; state: TaskState }[];
}

const MARK: Record<Exclude<TaskState, 'running'>, { mark: string; color: string }> = {
  pending: { mark: '·', color: 'gray' },
  done: { mark: '✔', color: 'green' },
  failed: { mark: '✖', color: 'red' },
};

/** A list of tasks: a spinner beside the running one, a mark beside the others. */
export function Tasks({ tasks }: TasksProps) {
  const tint = useTint();
  return (
    <Box flexDirection="column">
      {tasks.map((task, i) => (
        <Box key={i}>
          <Box width={2}>
            {task.state === 'running' ? (
              <Text color={tint('cyan')}>
                <Spinner type="dots" />
              </Text>
            ) : (
              <Text color={tint(MARK[task.state].color)}>{MARK[task.state].mark}</Text>
            )}
          </Box>
          <Text dimColor={task.state === 'pending'}>{task.title}</Text>
        </Box>
      ))}
    </Box>
  );
}
