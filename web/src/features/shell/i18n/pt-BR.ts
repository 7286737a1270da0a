import type { Messages } from '../../../lib/i18n/types';

/**
 * Portuguese (Brazil) texts of the logged-in layout: top bar, user menu and drawer:
 * the source every other language must match key for key.
 */
export const shellPtBR = {
  shell: {
    drawer: 'Menu principal',
    collapse: 'Recolher menu',
    expand: 'Expandir menu',
    welcome: 'Olá {{name}}, seja bem-vindo(a)!',
    activeUntil: 'Ativo até {{date}}',
    refresh: 'Atualizar',
    volume: 'Volume',
    notifications: 'Notificações',
    noNotifications: 'Nenhuma notificação.',
    announcements: 'Informativos',
    noAnnouncements: 'Nenhum informativo.',
    chats: 'Chats internos',
    noChats: 'Nenhuma conversa.',
    userMenu: 'Menu do usuário',
    profile: 'Perfil',
    logout: 'Sair',
    language: 'Idioma',
    version: 'Versão {{version}}',
    management: 'Gerência',
    administration: 'Administração',
    campaigns: 'Campanhas',
  },
  drawer: {
    dashboard: 'Dashboard',
    reports: 'Relatórios',
    moments: 'Painel de Atendimentos',
    tickets: 'Atendimentos',
    'quick-messages': 'Respostas Rápidas',
    contacts: 'Contatos',
    tags: 'Tags',
    kanban: 'Kanban',
    schedules: 'Agendamentos',
    chats: 'Chat Interno',
    helps: 'Ajuda',
    campaigns: 'Listagem de Campanhas',
    'contact-lists': 'Listas de Contatos',
    announcements: 'Informativos',
    'messages-api': 'API',
    users: 'Usuários',
    queues: 'Filas & Chatbot',
    prompts: 'Prompts',
    'queue-integration': 'Integrações',
    connections: 'Conexões',
    'all-connections': 'Gerenciar Conexões',
    companies: 'Empresas',
    files: 'Lista de Arquivos',
    financeiro: 'Financeiro',
    settings: 'Configurações',
  },
};

/** The shape every language fills for shell. */
export type ShellMessages = Messages<typeof shellPtBR>;
