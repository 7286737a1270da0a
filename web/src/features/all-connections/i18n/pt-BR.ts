/** Português (base): the all-connections page (docs/product/connections.md#screens, super admins). */
export const allConnectionsPtBR = {
  allConnections: {
    title: 'Todas as conexões',
    company: 'Empresa',
    connected: 'Conectadas',
    disconnected: 'Desconectadas',
    total: 'Total',
    grandTotal: 'Total geral',
    empty: 'Nenhuma conexão cadastrada.',
    loading: 'Carregando...',
    channels: 'Canais',
    channelsOf: 'Canais de {{name}}',
    newChannel: 'Novo canal {{channel}}',
    created: 'Canal criado.',
    cancel: 'Cancelar',
    save: 'Salvar',
  },
};

export type AllConnectionsMessages = typeof allConnectionsPtBR;
