import { Navigate, Route, Routes } from 'react-router-dom';
import { AnnouncementsPage } from '@/features/announcements/announcements-page';
import { AllConnectionsPage } from '@/features/all-connections/all-connections-page';
import { MessagesApiPage } from '@/features/messages-api/messages-api-page';
import { LoginPage } from '@/features/auth/login-page';
import { PrivateRoute, PublicRoute } from '@/features/auth/route-guards';
import { SignupPage } from '@/features/auth/signup-page';
import { DashboardPage } from '@/features/dashboard/dashboard-page';
import { HelpsPage } from '@/features/helps/helps-page';
import { InvoicesPage } from '@/features/invoices/invoices-page';
import { MomentsPage } from '@/features/moments/moments-page';
import { FileListsPage } from '@/features/files/file-lists-page';
import { PromptsPage } from '@/features/prompts/prompts-page';
import { ChatsPage } from '@/features/chats/chats-page';
import { QueueIntegrationsPage } from '@/features/queue-integrations/queue-integrations-page';
import { FinanceiroAbertoPage } from '@/features/errors/financeiro-aberto-page';
import { ForbiddenPage } from '@/features/errors/forbidden-page';
import { ContactImportPage } from '@/features/contacts/contact-import-page';
import { ContactsPage } from '@/features/contacts/contacts-page';
import { ConnectionsPage } from '@/features/connections/connections-page';
import { QueuesPage } from '@/features/queues/queues-page';
import { QuickMessagesPage } from '@/features/quick-messages/quick-messages-page';
import { ReportsPage } from '@/features/reports/reports-page';
import { SchedulesPage } from '@/features/schedules/schedules-page';
import { CompaniesPage } from '@/features/companies/companies-page';
import { PlansPage } from '@/features/plans/plans-page';
import { CampaignReportPage } from '@/features/campaigns/campaign-report-page';
import { CampaignSettingsPage } from '@/features/campaigns/campaign-settings-page';
import { CampaignsPage } from '@/features/campaigns/campaigns-page';
import { ContactListItemsPage } from '@/features/contact-lists/contact-list-items-page';
import { ContactListsPage } from '@/features/contact-lists/contact-lists-page';
import { AppShell } from '@/features/shell/app-shell';
import { TagsPage } from '@/features/tags/tags-page';
import { UsersPage } from '@/features/users/users-page';
import { SettingsPage } from '@/features/settings/settings-page';
import { TicketsPage } from '@/features/tickets/tickets-page';
import { KanbanBoardPage } from '@/features/kanban/kanban-board-page';
import { TagsKanbanPage } from '@/features/kanban/tags-kanban-page';

/** Every route of the console; private ones are exact-match and need a session. */
export function AppRoutes() {
  return (
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
          <Route path="/contact-lists/:contactListId/contacts" element={<ContactListItemsPage />} />
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
          <Route path="/403" element={<ForbiddenPage />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
