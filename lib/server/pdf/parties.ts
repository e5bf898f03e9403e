/** Who a document is from and to (bills and statements). */
export type Party = {
  ucpId: string;
  nameEn: string;
  nameZh: string;
  addressEn: string;
  addressZh: string;
  phone: string;
  email: string;
  brNo: string | null;
};

/** How to pay, printed on every bill (docs/bills.md "Payment instructions"). */
export type PaymentInstructions = {
  bankNameEn: string;
  bankNameZh: string;
  bankCode: string;
  accountNo: string;
  accountNameEn: string;
  accountNameZh: string;
  fpsId: string;
  chequePayableEn: string;
  chequePayableZh: string;
  mailingAddressEn: string;
  mailingAddressZh: string;
};
