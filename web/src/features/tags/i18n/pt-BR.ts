/** Português (base): the tags page, its dialogs and toasts (docs/product/kanban-and-tags.md Tags page, docs/product/kanban-and-tags.md). */
export const tagsPtBR = {
  tags: {
    title: 'Tags',
    search: 'Pesquisar...',
    add: 'Adicionar tag',
    id: 'ID',
    name: 'Nome',
    contacts: 'Contatos',
    actions: 'Ações',
    viewContacts: 'Ver contatos de {{name}}',
    edit: 'Editar',
    delete: 'Excluir',
    empty: 'Nenhuma tag encontrada.',
    loading: 'Carregando...',
    confirmDeleteTitle: 'Excluir {{name}}?',
    confirmDelete: 'Esta ação não pode ser revertida. A tag sai de todos os contatos e tickets.',
    confirm: 'Excluir',
    cancel: 'Cancelar',
    deleted: 'Tag excluída com sucesso.',
    close: 'Fechar',
  },
  tagDialog: {
    addTitle: 'Adicionar tag',
    editTitle: 'Editar tag',
    description: 'Nome e cor da tag.',
    name: 'Nome',
    color: 'Cor',
    colorHex: 'Código da cor',
    cancel: 'Cancelar',
    save: 'Salvar',
    saved: 'Tag salva com sucesso.',
  },
  tagContacts: {
    title: 'Contatos da tag {{name}}',
    description: 'Contatos que têm esta tag.',
    id: 'ID',
    name: 'Nome',
    number: 'Número',
    remove: 'Remover {{name}} da tag',
    empty: 'Nenhum contato com esta tag.',
    loading: 'Carregando...',
    removed: 'Contato removido da tag.',
  },
  /** A contact's tags field (contact modal and conversation drawer). */
  contactTags: {
    label: 'Tags',
    current: 'Tags do contato',
    none: 'Sem tags',
    placeholder: 'Escolha ou digite uma tag...',
    options: 'Tags da empresa',
    remove: 'Remover a tag {{name}}',
    create: 'Criar a tag "{{name}}"',
    empty: 'Nenhuma tag encontrada.',
    saved: 'Tags do contato atualizadas.',
  },
  /** Shared schemas' messages as the tag forms show them. */
  tagValidation: {
    invalidColor: 'Cor inválida',
  },
};

export type TagsMessages = typeof tagsPtBR;
