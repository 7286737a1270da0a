/** What commands use to talk to the user; they never render JSX themselves. */
export {
  renderConfirm,
  renderError,
  renderInfo,
  renderJson,
  renderPrompt,
  renderSpinner,
  renderSuccess,
  renderTable,
  renderTasks,
  renderWarning,
  type AlertOptions,
  type ConfirmOptions,
  type PromptOptions,
  type RenderTableOptions,
  type Task,
  type UiContext,
} from './render.js';
export type { TableColumn } from './components/table.js';
