export const SLIP_PAGE = '/my-account/manage-my-bills/payment-slip-upload';
export const BILLS_PAGE = '/my-account/manage-my-bills';
