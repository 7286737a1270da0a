import type { Messages } from '../../../lib/i18n/types';

/**
 * Português (base): the contact lists page, a list's items page and their dialogs
 * (docs/product/contacts.md Contact lists page, Contact list items page, docs/product/contacts.md#validation).
 */
export const contactListsPtBR = {
  contactLists: {
    title: 'Listas de contatos',
    search: 'Pesquisar...',
    add: 'Nova lista',
    name: 'Nome',
    contacts: 'Contatos',
    actions: 'Ações',
    downloadExample: 'Baixar planilha de exemplo',
    open: 'Abrir contatos de {{name}}',
    edit: 'Editar {{name}}',
    delete: 'Excluir {{name}}',
    loading: 'Carregando...',
    empty: 'Nenhuma lista encontrada.',
    confirmDeleteTitle: 'Excluir {{name}}?',
    confirmDelete: 'Esta ação não pode ser revertida. Os contatos da lista também serão excluídos.',
    confirm: 'Excluir',
    cancel: 'Cancelar',
    deleted: 'Lista excluída com sucesso.',
  },
  contactListDialog: {
    addTitle: 'Nova lista de contatos',
    editTitle: 'Editar lista de contatos',
    description: 'O nome identifica a lista nas campanhas.',
    name: 'Nome',
    cancel: 'Cancelar',
    save: 'Salvar',
    saved: 'Lista salva com sucesso.',
    close: 'Fechar',
  },
  contactListItems: {
    back: 'Voltar às listas',
    search: 'Pesquisar...',
    import: 'Importar planilha',
    add: 'Novo contato',
    valid: 'WhatsApp',
    validYes: 'Número com WhatsApp',
    validNo: 'Número sem WhatsApp (ou não verificado)',
    name: 'Nome',
    number: 'Número',
    email: 'E-mail',
    actions: 'Ações',
    edit: 'Editar {{name}}',
    delete: 'Excluir {{name}}',
    loading: 'Carregando...',
    empty: 'Nenhum contato nesta lista.',
    confirmDeleteTitle: 'Excluir {{name}}?',
    confirmDelete: 'Esta ação não pode ser revertida.',
    confirm: 'Excluir',
    cancel: 'Cancelar',
    deleted: 'Contato excluído com sucesso.',
    importTitle: 'Importar planilha',
    importConfirm:
      'Os contatos da planilha (.xls ou .xlsx, colunas nome, numero e email) serão adicionados a esta lista. Deseja continuar?',
    importChoose: 'Escolher arquivo',
    importWrongType: 'Só são aceitas planilhas .xls ou .xlsx.',
    imported:
      'Planilha importada: {{created}} adicionados ({{valid}} com WhatsApp), {{skipped}} ignorados.',
    importFailed: '{{count}} linhas não importadas (por exemplo a linha {{row}}: {{reason}}).',
  },
  contactListItemDialog: {
    addTitle: 'Novo contato da lista',
    editTitle: 'Editar contato da lista',
    description: 'Nome, número com DDI e DDD, e e-mail opcional.',
    name: 'Nome',
    number: 'Número',
    email: 'E-mail',
    cancel: 'Cancelar',
    save: 'Salvar',
    saved: 'Contato salvo com sucesso.',
    close: 'Fechar',
  },
  /** Shared schemas' messages as the list forms show them. */
  contactListValidation: {
    invalidEmail: 'E-mail inválido',
    number: 'Número inválido: use de 8 a 50 dígitos, com DDI e DDD.',
  },
};

/** The shape every language fills for contact lists. */
export type ContactListsMessages = Messages<typeof contactListsPtBR>;
