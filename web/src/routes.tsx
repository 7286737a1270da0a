import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { PrivateRoute, PublicRoute } from '@/features/auth/route-guards';
import { lazyNamed as page } from '@/lib/lazy';

// Each page is loaded when its route is first opened, so the login form and each screen fetch
// only their own code (and the heavy libraries only the pages that use them).

const LoginPage = page(() => import('@/features/auth/login-page'), 'LoginPage');
const SignupPage = page(() => import('@/features/auth/signup-page'), 'SignupPage');
const AppShell = page(() => import('@/features/shell/app-shell'), 'AppShell');
const FinanceiroAbertoPage = page(
  () => import('@/features/errors/financeiro-aberto-page'),
  'FinanceiroAbertoPage',
);
const ForbiddenPage = page(() => import('@/features/errors/forbidden-page'), 'ForbiddenPage');
const DashboardPage = page(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage');
const MomentsPage = page(() => import('@/features/moments/moments-page'), 'MomentsPage');
const ReportsPage = page(() => import('@/features/reports/reports-page'), 'ReportsPage');
const TicketsPage = page(() => import('@/features/tickets/tickets-page'), 'TicketsPage');
const ContactsPage = page(() => import('@/features/contacts/contacts-page'), 'ContactsPage');
const ContactImportPage = page(
  () => import('@/features/contacts/contact-import-page'),
  'ContactImportPage',
);
const TagsPage = page(() => import('@/features/tags/tags-page'), 'TagsPage');
const QuickMessagesPage = page(
  () => import('@/features/quick-messages/quick-messages-page'),
  'QuickMessagesPage',
);
const ConnectionsPage = page(
  () => import('@/features/connections/connections-page'),
  'ConnectionsPage',
);
const QueuesPage = page(() => import('@/features/queues/queues-page'), 'QueuesPage');
const AllConnectionsPage = page(
  () => import('@/features/all-connections/all-connections-page'),
  'AllConnectionsPage',
);
const MessagesApiPage = page(
  () => import('@/features/messages-api/messages-api-page'),
  'MessagesApiPage',
);
const SettingsPage = page(() => import('@/features/settings/settings-page'), 'SettingsPage');
const SchedulesPage = page(() => import('@/features/schedules/schedules-page'), 'SchedulesPage');
const CampaignsPage = page(() => import('@/features/campaigns/campaigns-page'), 'CampaignsPage');
const CampaignReportPage = page(
  () => import('@/features/campaigns/campaign-report-page'),
  'CampaignReportPage',
);
const CampaignSettingsPage = page(
  () => import('@/features/campaigns/campaign-settings-page'),
  'CampaignSettingsPage',
);
const ContactListsPage = page(
  () => import('@/features/contact-lists/contact-lists-page'),
  'ContactListsPage',
);
const ContactListItemsPage = page(
  () => import('@/features/contact-lists/contact-list-items-page'),
  'ContactListItemsPage',
);
const UsersPage = page(() => import('@/features/users/users-page'), 'UsersPage');
const CompaniesPage = page(() => import('@/features/companies/companies-page'), 'CompaniesPage');
const PlansPage = page(() => import('@/features/plans/plans-page'), 'PlansPage');
const AnnouncementsPage = page(
  () => import('@/features/announcements/announcements-page'),
  'AnnouncementsPage',
);
const HelpsPage = page(() => import('@/features/helps/helps-page'), 'HelpsPage');
const InvoicesPage = page(() => import('@/features/invoices/invoices-page'), 'InvoicesPage');
const FileListsPage = page(() => import('@/features/files/file-lists-page'), 'FileListsPage');
const PromptsPage = page(() => import('@/features/prompts/prompts-page'), 'PromptsPage');
const ChatsPage = page(() => import('@/features/chats/chats-page'), 'ChatsPage');
const QueueIntegrationsPage = page(
  () => import('@/features/queue-integrations/queue-integrations-page'),
  'QueueIntegrationsPage',
);
const KanbanBoardPage = page(
  () => import('@/features/kanban/kanban-board-page'),
  'KanbanBoardPage',
);
const TagsKanbanPage = page(() => import('@/features/kanban/tags-kanban-page'), 'TagsKanbanPage');
const TodolistPage = page(() => import('@/features/todolist/todolist-page'), 'TodolistPage');

/**
 * Every route of the console; private ones are exact-match and need a session. Pages load on
 * first visit: the spinner shows until the login form or the shell is there, and inside the
 * shell (its own Suspense) only the page area waits.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route element={<PublicRoute />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
        </Route>
        <Route element={<PrivateRoute />}>
          <Route path="/financeiro-aberto" element={<FinanceiroAbertoPage />} />
          <Route element={<AppShell />}>
            <Route path="/" element={<DashboardPage />} />
            <Route path="/moments" element={<MomentsPage />} />
            <Route path="/reports" element={<ReportsPage />} />
            <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
            <Route path="/contacts" element={<ContactsPage />} />
            <Route path="/contacts/import" element={<ContactImportPage />} />
            <Route path="/tags" element={<TagsPage />} />
            <Route path="/quick-messages" element={<QuickMessagesPage />} />
            <Route path="/connections" element={<ConnectionsPage />} />
            <Route path="/queues" element={<QueuesPage />} />
            <Route path="/allConnections" element={<AllConnectionsPage />} />
            <Route path="/messages-api" element={<MessagesApiPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/schedules" element={<SchedulesPage />} />
            <Route path="/campaigns" element={<CampaignsPage />} />
            <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
            <Route path="/campaigns-config" element={<CampaignSettingsPage />} />
            <Route path="/contact-lists" element={<ContactListsPage />} />
            <Route
              path="/contact-lists/:contactListId/contacts"
              element={<ContactListItemsPage />}
            />
            <Route path="/users" element={<UsersPage />} />
            <Route path="/companies" element={<CompaniesPage />} />
            <Route path="/plans" element={<PlansPage />} />
            <Route path="/announcements" element={<AnnouncementsPage />} />
            <Route path="/helps" element={<HelpsPage />} />
            <Route path="/financeiro" element={<InvoicesPage />} />
            <Route path="/files" element={<FileListsPage />} />
            <Route path="/prompts" element={<PromptsPage />} />
            <Route path="/chats/:uuid?" element={<ChatsPage />} />
            <Route path="/queue-integration" element={<QueueIntegrationsPage />} />
            <Route path="/kanban" element={<KanbanBoardPage />} />
            <Route path="/Kanban" element={<KanbanBoardPage />} />
            <Route path="/tagsKanban" element={<TagsKanbanPage />} />
            <Route path="/TagsKanban" element={<TagsKanbanPage />} />
            <Route path="/todolist" element={<TodolistPage />} />
            <Route path="/403" element={<ForbiddenPage />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
