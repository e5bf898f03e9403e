import type { OrderableMachine, OrderableProduct, OrderDetail, OrderListItem, ShipmentDetail } from '@/lib/orders/schemas';

/** Answers of the orders API as the screens receive them (factories with overrides). */

export const orderRow = (overrides: Partial<OrderListItem> = {}): OrderListItem => ({
  id: '5eed0030-0000-4000-8000-000000000001',
  orderNo: 'SO-2026-001294',
  orderType: 'toner',
  status: 'pending',
  createdAt: '2026-11-01T00:54:00.000Z',
  requestedDate: '2026-11-04',
  machine: { serialNo: '3C4-512784', modelNameEn: 'Fujifilm Apeos C3060 colour multifunction printer', modelNameZh: '富士膠片 Apeos C3060 彩色多功能打印機' },
  firstItemEn: 'Black toner cartridge (Apeos C3060)',
  firstItemZh: '黑色碳粉盒（Apeos C3060）',
  itemCount: 3,
  totalCents: 292_000,
  ...overrides,
});

export const machine = (overrides: Partial<OrderableMachine> = {}): OrderableMachine => ({
  id: '5eed0021-0000-4000-8000-000000000001',
  serialNo: '3C4-512784',
  modelCode: 'FFB-APC3060',
  modelNameEn: 'Fujifilm Apeos C3060 colour multifunction printer',
  modelNameZh: '富士膠片 Apeos C3060 彩色多功能打印機',
  isColour: true,
  locationEn: '12/F Reception',
  locationZh: '12樓接待處',
  tonerAddressEn: 'Unit 1205, 12/F, Wing Yip Industrial Building, 6 Wing Yip Street, Kwun Tong, Kowloon',
  tonerAddressZh: '九龍觀塘榮業街6號榮業工業大廈12樓1205室',
  tonerContactName: 'Chan Tai Man',
  tonerContactPhone: '+852 2345 6789',
  addressEn: '6 Wing Yip Street, Kwun Tong, Kowloon',
  addressZh: '九龍觀塘榮業街6號',
  contractNo: 'CT-2024-00118',
  ...overrides,
});

export const products: OrderableProduct[] = [
  {
    productCode: 'CT203502',
    productType: 'toner',
    descriptionEn: 'Black toner cartridge (Apeos C3060)',
    descriptionZh: '黑色碳粉盒（Apeos C3060）',
    colour: 'black',
    unitPriceCents: 62_000,
    maxOrderQty: 6,
  },
  {
    productCode: 'CT203503',
    productType: 'toner',
    descriptionEn: 'Cyan toner cartridge (Apeos C3060)',
    descriptionZh: '青色碳粉盒（Apeos C3060）',
    colour: 'cyan',
    unitPriceCents: 115_000,
    maxOrderQty: 2,
  },
  {
    productCode: 'PAP-A4-80-BOX',
    productType: 'paper',
    descriptionEn: 'A4 copy paper 80 gsm, box of 5 reams (2,500 sheets)',
    descriptionZh: 'A4 影印紙 80克，每箱5令（2,500張）',
    colour: null,
    unitPriceCents: 19_500,
    maxOrderQty: 20,
  },
];

export const orderDetail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: '5eed0030-0000-4000-8000-000000000001',
  orderNo: 'SO-2026-001294',
  orderType: 'toner',
  status: 'pending',
  deliveryAddress: 'Unit 1205, 12/F, Wing Yip Industrial Building, 6 Wing Yip Street, Kwun Tong, Kowloon',
  contactName: 'Chan Tai Man',
  contactPhone: '+852 2345 6789',
  requestedDate: '2026-11-04',
  promisedDate: null,
  remarks: '',
  createdAt: '2026-11-01T00:54:00.000Z',
  createdByName: 'Chan Tai Man',
  cancelledAt: null,
  cancelReason: null,
  machine: {
    ...machine(),
    addressEn: 'Unit 1205, 12/F, Wing Yip Industrial Building, 6 Wing Yip Street, Kwun Tong, Kowloon',
    addressZh: '九龍觀塘榮業街6號榮業工業大廈12樓1205室',
  },
  items: [
    { lineNo: 1, productCode: 'CT203502', descriptionEn: 'Black toner cartridge (Apeos C3060)', descriptionZh: '黑色碳粉盒（Apeos C3060）', quantity: 2, unitPriceCents: 62_000, lineTotalCents: 124_000 },
    { lineNo: 2, productCode: 'CT203503', descriptionEn: 'Cyan toner cartridge (Apeos C3060)', descriptionZh: '青色碳粉盒（Apeos C3060）', quantity: 1, unitPriceCents: 115_000, lineTotalCents: 115_000 },
  ],
  totalCents: 239_000,
  history: [{ status: 'pending', at: '2026-11-01T00:54:00.000Z', noteEn: 'Order placed online', noteZh: '已於網上下單', changedByName: 'Chan Tai Man' }],
  shipments: [],
  canCancel: true,
  ...overrides,
});

export const shipmentDetail = (overrides: Partial<ShipmentDetail> = {}): ShipmentDetail => ({
  id: '5eed0033-0000-4000-8000-000000000001',
  shipmentNo: 'SH-2026-003076',
  courier: 'sf_express',
  trackingNo: 'SF9787006704098',
  status: 'out_for_delivery',
  createdAt: '2026-10-30T02:43:00.000Z',
  updatedAt: '2026-11-01T00:30:00.000Z',
  events: [
    { step: 'received', at: '2026-10-30T02:43:00.000Z', locationEn: 'Pacific Imaging Kwun Tong warehouse', locationZh: '太平洋影像觀塘貨倉', noteEn: '', noteZh: '' },
    { step: 'picked', at: '2026-10-30T03:55:00.000Z', locationEn: 'Pacific Imaging Kwun Tong warehouse', locationZh: '太平洋影像觀塘貨倉', noteEn: '', noteZh: '' },
    { step: 'dispatched', at: '2026-10-30T06:13:00.000Z', locationEn: 'SF Express Tsing Yi transit centre', locationZh: '順豐速運青衣轉運中心', noteEn: '', noteZh: '' },
    { step: 'out_for_delivery', at: '2026-11-01T00:30:00.000Z', locationEn: 'Wan Chai', locationZh: '灣仔', noteEn: '', noteZh: '' },
  ],
  order: {
    id: '5eed0030-0000-4000-8000-000000000083',
    orderNo: 'SO-2026-001283',
    orderType: 'toner',
    status: 'shipped',
    deliveryAddress: 'Room 2301, 23/F, Wing Fat Commercial Centre, 88 Hennessy Road, Wan Chai, Hong Kong',
    contactName: 'Wong Siu Ming',
    createdAt: '2026-10-29T03:12:00.000Z',
    machine: { serialNo: '2ZP04518', modelNameEn: 'Canon imageRUNNER ADVANCE DX C3926', modelNameZh: '佳能 imageRUNNER ADVANCE DX C3926', locationEn: '23/F Main Office', locationZh: '23樓總辦事處' },
    itemCount: 2,
  },
  ...overrides,
});
