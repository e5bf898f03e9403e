import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { faqEntries, helpArticles, usefulLinks } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import type { SupportTopic } from '@/lib/support/constants';
import { helpHtmlPair } from '@/lib/server/sanitize';
import { PROVIDER_SITE } from './siteContent';

/**
 * Customer-support content (docs/support.md, docs/demo-data.md): quick-help articles, FAQ and useful links of the
 * fictional provider Pacific Imaging Services Ltd, in English and Hong Kong Traditional Chinese. Each row has a
 * stable `seed_key`, so seeding again inserts nothing and never overwrites what staff have edited since. Times are
 * fixed (SEED_SUPPORT_DATE): two databases seeded on different days hold identical rows.
 */
export const SEED_SUPPORT_DATE = new Date('2026-10-15T02:00:00.000Z');

type Article = { key: string; topic: SupportTopic; titleEn: string; titleZh: string; summaryEn: string; summaryZh: string; bodyEn: string; bodyZh: string };

export const SEED_HELP_ARTICLES: Article[] = [
  {
    key: 'meter-read-counter',
    topic: 'meter_reading',
    titleEn: 'How to read the meter counter on your copier',
    titleZh: '如何讀取影印機的計數器',
    summaryEn: 'Find the black-and-white and colour totals on the control panel, or print a counter report.',
    summaryZh: '在控制面板查看黑白及彩色總數，或列印計數報告。',
    bodyEn:
      '<p>Your monthly copy charge is calculated from the counters of each machine. You can read them on the control panel in less than a minute.</p>' +
      '<ol><li>Press the <strong>Counter</strong> (or <strong>Menu → Counter</strong>) button on the control panel.</li><li>Note the <strong>Total (B/W)</strong> and, on a colour machine, the <strong>Total (Colour)</strong> figures.</li><li>Check the <strong>serial number</strong> shown on the same screen: it must match the machine you report for.</li></ol>' +
      '<figure><img src="/help/meter-counter.svg" alt="Counter screen showing the black-and-white total, the colour total and the serial number" width="480" height="260"><figcaption>The counter screen of a colour multifunction printer.</figcaption></figure>' +
      '<p>If the panel is locked, choose <strong>Print counter report</strong> on the same screen: the printed page shows the same figures.</p>',
    bodyZh:
      '<p>每月影印費用按每部機器的計數器計算。您可在控制面板上於一分鐘內讀取計數。</p>' +
      '<ol><li>按控制面板上的<strong>「計數器」</strong>（或<strong>「選單 → 計數器」</strong>）按鈕。</li><li>記下<strong>黑白總數</strong>；如屬彩色機，亦請記下<strong>彩色總數</strong>。</li><li>核對同一畫面顯示的<strong>機身號碼</strong>，須與您報告的機器相符。</li></ol>' +
      '<figure><img src="/help/meter-counter.svg" alt="計數器畫面，顯示黑白總數、彩色總數及機身號碼" width="480" height="260"><figcaption>彩色多功能打印機的計數器畫面。</figcaption></figure>' +
      '<p>如控制面板已上鎖，可在同一畫面選擇<strong>「列印計數報告」</strong>，列印出來的報告會顯示相同數字。</p>',
  },
  {
    key: 'meter-submit-online',
    topic: 'meter_reading',
    titleEn: 'Submitting meter readings online',
    titleZh: '網上提交抄錶讀數',
    summaryEn: 'Enter the readings of each machine by the 25th of the month, or upload them as a CSV file.',
    summaryZh: '請於每月25日前輸入每部機器的讀數，或以CSV檔案上載。',
    bodyEn:
      '<p>Readings received by the <strong>25th of each month</strong> are used for that month’s bill. Without a reading we bill an estimate, which is adjusted on the next actual reading.</p>' +
      '<h3>Enter readings one by one</h3><ol><li>Open <a href="/my-account/meter-history/upload">My account → Meter reading upload</a>.</li><li>Choose the machine by its serial number and enter the black-and-white and colour counters.</li><li>Attach a photo of the counter screen if you have one, then submit.</li></ol>' +
      '<h3>Many machines</h3><p>Download the CSV template on the same page, fill in one line per machine and upload it. Each line is checked; lines with errors are listed so you can correct them.</p>' +
      '<p>A reading much higher than usual asks you to confirm it before it is saved. You can see every reading, and whether it was estimated, in <a href="/my-account/meter-history">Meter history</a>.</p>',
    bodyZh:
      '<p>我們於<strong>每月25日</strong>或之前收到的讀數，會用於計算當月帳單。如未有讀數，我們會按估算讀數收費，並於下次收到實際讀數時調整。</p>' +
      '<h3>逐部機器輸入</h3><ol><li>開啟<a href="/my-account/meter-history/upload">「我的帳戶 → 上載抄錶讀數」</a>。</li><li>按機身號碼選擇機器，輸入黑白及彩色計數。</li><li>如有計數器畫面的相片，可一併附上，然後提交。</li></ol>' +
      '<h3>多部機器</h3><p>請在同一頁下載CSV範本，每部機器填寫一行後上載。系統會逐行檢查，並列出有錯誤的行數，方便您更正。</p>' +
      '<p>如讀數遠高於平常，系統會先請您確認才儲存。您可在<a href="/my-account/meter-history">「抄錶紀錄」</a>查看所有讀數，以及哪些屬估算讀數。</p>',
  },
  {
    key: 'bills-read-your-bill',
    topic: 'bills_payment',
    titleEn: 'Understanding your monthly bill',
    titleZh: '了解您的每月帳單',
    summaryEn: 'What the rental, copy charge and minimum volume lines on your bill mean.',
    summaryZh: '解釋帳單上的租賃費、影印費及最低印量等項目。',
    bodyEn:
      '<p>Each bill lists, per contract and machine:</p>' +
      '<table><thead><tr><th scope="col">Line</th><th scope="col">What it is</th></tr></thead><tbody>' +
      '<tr><td>Rental</td><td>The fixed monthly charge of the machine under your contract.</td></tr>' +
      '<tr><td>Copy charge (B/W, colour)</td><td>Pages printed since the last bill, from the meter readings, times the rate per page.</td></tr>' +
      '<tr><td>Minimum volume</td><td>If your contract has a minimum, the pages below it are charged at the B/W rate.</td></tr>' +
      '<tr><td>Estimated reading</td><td>Marked “E”: no reading reached us in time. It is adjusted on the next actual reading.</td></tr>' +
      '</tbody></table>' +
      '<p>You can open every bill as a PDF and see its payment status in <a href="/my-account/manage-my-bills">Manage my bills</a>.</p>',
    bodyZh:
      '<p>每張帳單會按合約及機器列出：</p>' +
      '<table><thead><tr><th scope="col">項目</th><th scope="col">說明</th></tr></thead><tbody>' +
      '<tr><td>租賃費</td><td>合約所訂機器的每月固定費用。</td></tr>' +
      '<tr><td>影印費（黑白、彩色）</td><td>按抄錶讀數計算自上次帳單以來的印量，乘以每張單價。</td></tr>' +
      '<tr><td>最低印量</td><td>如合約設有最低印量，不足之數按黑白單價收費。</td></tr>' +
      '<tr><td>估算讀數</td><td>標示為「E」：我們未能及時收到讀數，會於下次收到實際讀數時調整。</td></tr>' +
      '</tbody></table>' +
      '<p>您可在<a href="/my-account/manage-my-bills">「管理我的帳單」</a>以PDF開啟每張帳單，並查看付款狀態。</p>',
  },
  {
    key: 'bills-payment-methods',
    topic: 'bills_payment',
    titleEn: 'Ways to pay your bill',
    titleZh: '繳付帳單的方法',
    summaryEn: 'Pay by FPS, bank transfer or cheque, and quote your invoice number.',
    summaryZh: '可使用轉數快、銀行轉帳或支票付款，並請註明發票編號。',
    bodyEn:
      '<ul><li><strong>FPS (轉數快)</strong>: FPS ID 1234567, payee Pacific Imaging Services Ltd.</li><li><strong>Bank transfer</strong>: HSBC account 004-123-456789-001.</li><li><strong>Cheque</strong>: crossed and payable to “Pacific Imaging Services Limited”, mailed to our Kwun Tong office.</li></ul>' +
      '<p>Always quote the <strong>invoice number</strong> as the payment reference, so we can match your payment to the right bill. After paying by FPS or bank transfer, upload the payment slip (see “Uploading a payment slip”) to speed up the matching.</p>',
    bodyZh:
      '<ul><li><strong>轉數快（FPS）</strong>：識別碼 1234567，收款人 Pacific Imaging Services Ltd。</li><li><strong>銀行轉帳</strong>：滙豐銀行戶口 004-123-456789-001。</li><li><strong>支票</strong>：請劃線並抬頭「Pacific Imaging Services Limited」，郵寄至我們的觀塘辦事處。</li></ul>' +
      '<p>付款時請以<strong>發票編號</strong>作為參考編號，方便我們將款項配對到正確的帳單。以轉數快或銀行轉帳付款後，請上載入數紙（見「上載入數紙」），可加快配對。</p>',
  },
  {
    key: 'bills-upload-slip',
    topic: 'bills_payment',
    titleEn: 'Uploading a payment slip',
    titleZh: '上載入數紙',
    summaryEn: 'Send us a photo or PDF of your bank-in slip or FPS confirmation for the bills it pays.',
    summaryZh: '上載銀行入數紙或轉數快確認的相片或PDF，並選擇所繳付的帳單。',
    bodyEn:
      '<ol><li>Open <a href="/my-account/manage-my-bills">Manage my bills</a>, tick the bills you paid and choose <strong>Upload payment slip</strong>.</li><li>Enter the amount, the payment date, the method and the bank reference.</li><li>Attach the slip as JPEG, PNG or PDF (up to the size shown on the page).</li></ol>' +
      '<figure><img src="/help/payment-slip.svg" alt="A bank deposit slip showing the date, amount, payee and invoice number" width="480" height="260"><figcaption>Make sure the date, amount and reference can be read.</figcaption></figure>' +
      '<p>Our accounts team checks each slip, usually within two working days. The bill then shows as paid; if the slip cannot be matched, we tell you why in your inbox.</p>',
    bodyZh:
      '<ol><li>開啟<a href="/my-account/manage-my-bills">「管理我的帳單」</a>，剔選已繳付的帳單，然後選擇<strong>「上載入數紙」</strong>。</li><li>輸入金額、付款日期、付款方式及銀行參考編號。</li><li>以JPEG、PNG或PDF格式附上入數紙（檔案大小上限見該頁）。</li></ol>' +
      '<figure><img src="/help/payment-slip.svg" alt="銀行入數紙，顯示日期、金額、收款人及發票編號" width="480" height="260"><figcaption>請確保日期、金額及參考編號清晰可讀。</figcaption></figure>' +
      '<p>會計部一般會於兩個工作天內核對入數紙，其後帳單會顯示為已付款；如未能配對，我們會在收件匣通知您原因。</p>',
  },
  {
    key: 'toner-order',
    topic: 'toner_orders',
    titleEn: 'Ordering toner for your machine',
    titleZh: '為機器訂購碳粉',
    summaryEn: 'Toner under a service contract is free of charge: order it for the right machine in a few clicks.',
    summaryZh: '服務合約所包括的碳粉免費提供，只需數步即可為正確的機器訂購。',
    bodyEn:
      '<p>If your machine is under a service contract that includes supplies, toner is delivered free of charge.</p>' +
      '<ol><li>Open <a href="/my-orders/manage">My orders → Manage orders</a> and choose <strong>New order</strong>.</li><li>Select the machine by its serial number or location: only the toner that fits it is offered.</li><li>Choose the colours and quantities and confirm the delivery address.</li></ol>' +
      '<figure><img src="/help/toner-cartridge.svg" alt="A toner cartridge with its model code on the label" width="480" height="220"><figcaption>The model code is printed on the cartridge label.</figcaption></figure>' +
      '<p>Orders placed before 3:00 p.m. on a working day are usually delivered the next working day on Hong Kong Island and in Kowloon, and within two working days in the New Territories. Follow the delivery in <a href="/my-orders/track">Track orders</a>.</p>',
    bodyZh:
      '<p>如您的機器設有包括耗材的服務合約，碳粉會免費送貨。</p>' +
      '<ol><li>開啟<a href="/my-orders/manage">「我的訂單 → 管理訂單」</a>，選擇<strong>「新訂單」</strong>。</li><li>按機身號碼或位置選擇機器，系統只會列出適用於該機器的碳粉。</li><li>選擇顏色及數量，並確認送貨地址。</li></ol>' +
      '<figure><img src="/help/toner-cartridge.svg" alt="碳粉盒，標籤上印有型號" width="480" height="220"><figcaption>型號印於碳粉盒標籤上。</figcaption></figure>' +
      '<p>於工作天下午三時前落單，港島及九龍一般於下一個工作天送達，新界則於兩個工作天內送達。您可在<a href="/my-orders/track">「追蹤訂單」</a>查看送貨進度。</p>',
  },
  {
    key: 'toner-recycle',
    topic: 'toner_orders',
    titleEn: 'Returning empty toner cartridges for recycling',
    titleZh: '回收空碳粉盒',
    summaryEn: 'Give empty cartridges to our driver on the next delivery, or request a free collection.',
    summaryZh: '可於下次送貨時交給司機，或預約免費收集。',
    bodyEn:
      '<p>We recycle every empty cartridge we supply. Put the empty cartridge back in the box of the new one and give it to our driver at the next delivery.</p>' +
      '<p>For ten or more cartridges, ask for a free collection through <a href="/contact-us">Contact us</a> (topic “Toner and supplies”). Please do not put cartridges in general waste: toner powder must not go to landfill.</p>',
    bodyZh:
      '<p>我們會回收所有由我們提供的空碳粉盒。請將空碳粉盒放回新碳粉的包裝盒內，於下次送貨時交給我們的司機。</p>' +
      '<p>如有十個或以上，可透過<a href="/contact-us">「聯絡我們」</a>（查詢類別選「碳粉及耗材」）預約免費收集。請勿將碳粉盒棄置於一般垃圾，碳粉不應送往堆填區。</p>',
  },
  {
    key: 'contracts-renewal',
    topic: 'contracts',
    titleEn: 'Renewing your contract online',
    titleZh: '網上續約',
    summaryEn: 'Renewal offers open 90 days before your contract ends: compare them and accept online.',
    summaryZh: '續約優惠於合約屆滿前90天開放，可在網上比較並接受。',
    bodyEn:
      '<p>About <strong>90 days before a contract ends</strong> we send you renewal offers: the same machine at a new rate, or an upgrade to a newer model. You receive a message in your inbox when the window opens.</p>' +
      '<ol><li>Open <a href="/my-orders/contract-renewal">My orders → Contract renewal</a>.</li><li>Compare the offers: monthly rental, included pages and contract term.</li><li>Accept the offer you prefer; our account manager confirms the new contract with you.</li></ol>' +
      '<p>If you do nothing, the contract continues month by month on its current terms until you tell us otherwise.</p>',
    bodyZh:
      '<p>我們會於<strong>合約屆滿前約90天</strong>提供續約優惠：以新價格續用同一部機器，或升級至較新型號。續約期開始時，您會在收件匣收到通知。</p>' +
      '<ol><li>開啟<a href="/my-orders/contract-renewal">「我的訂單 → 合約續約」</a>。</li><li>比較各項優惠的每月租金、已包括印量及合約年期。</li><li>接受您選擇的優惠，我們的客戶經理會與您確認新合約。</li></ol>' +
      '<p>如您未有回覆，合約會按現有條款按月延續，直至您另行通知。</p>',
  },
  {
    key: 'account-change-address',
    topic: 'account_changes',
    titleEn: 'Changing your billing or toner delivery address',
    titleZh: '更改帳單地址或碳粉送貨地址',
    summaryEn: 'Request the change online; we confirm it in your inbox once it is approved.',
    summaryZh: '在網上提出更改申請，批核後會在收件匣通知您。',
    bodyEn:
      '<ol><li>Open <a href="/customer-support/account-info-update">Account information update</a> and choose <strong>Add changes</strong>.</li><li>Choose <strong>Change of billing address</strong> or <strong>Change of toner delivery address</strong>.</li><li>Enter the new address in English and Chinese and the date it applies from.</li></ol>' +
      '<p>A change of company name or a transfer of the contract to another company needs supporting documents (business registration certificate, board resolution); the form tells you which. Changes are usually approved within three working days.</p>',
    bodyZh:
      '<ol><li>開啟<a href="/customer-support/account-info-update">「更新帳戶資料」</a>，選擇<strong>「新增更改」</strong>。</li><li>選擇<strong>「更改帳單地址」</strong>或<strong>「更改碳粉送貨地址」</strong>。</li><li>以中英文輸入新地址及生效日期。</li></ol>' +
      '<p>更改公司名稱或將合約轉讓予另一公司須附上證明文件（商業登記證、董事會決議等），表格會列明所需文件。更改申請一般於三個工作天內批核。</p>',
  },
  {
    key: 'portal-notifications',
    topic: 'portal_use',
    titleEn: 'Inbox messages and e-mail notifications',
    titleZh: '收件匣訊息及電郵通知',
    summaryEn: 'Where to find our notices, and how to turn e-mail notifications on or off.',
    summaryZh: '在哪裏查看我們的通知，以及如何開啟或關閉電郵通知。',
    bodyEn:
      '<p>We send bill notices, approval results, renewal offers and service announcements to your <a href="/inbox">inbox</a>. The number of unread messages is shown on the envelope icon at the top of every page.</p>' +
      '<p>By default each new message is also announced by e-mail, with a link that opens it in the portal. You can turn these e-mails off (or on again) in <a href="/account">Account and preferences</a>. Messages always stay in your inbox.</p>',
    bodyZh:
      '<p>我們會將帳單通知、申請批核結果、續約優惠及服務公告發送到您的<a href="/inbox">收件匣</a>。每頁頂部的信封圖示會顯示未讀訊息數目。</p>' +
      '<p>預設情況下，每則新訊息亦會以電郵通知您，並附有在平台開啟訊息的連結。您可在<a href="/account">「帳戶及偏好設定」</a>關閉（或重新開啟）這些電郵。訊息會一直保留在收件匣。</p>',
  },
  {
    key: 'portal-font-language',
    topic: 'portal_use',
    titleEn: 'Changing the language, font size and colour mode',
    titleZh: '更改語言、字體大小及顯示模式',
    summaryEn: 'Switch between English and Chinese, larger text and dark mode from the top bar.',
    summaryZh: '可在頂部選單切換中英文、放大字體及深色模式。',
    bodyEn:
      '<ul><li><strong>Language</strong>: choose English or 中文 in the top bar. The portal remembers your choice.</li><li><strong>Font size</strong>: choose small, medium or large; it is saved with your account, so it follows you to other devices.</li><li><strong>Colour mode</strong>: switch between light and dark mode; dark mode is easier on the eyes at night.</li></ul>',
    bodyZh:
      '<ul><li><strong>語言</strong>：在頂部選單選擇 English 或中文，平台會記住您的選擇。</li><li><strong>字體大小</strong>：可選小、中或大，設定會儲存在您的帳戶，在其他裝置登入時同樣適用。</li><li><strong>顯示模式</strong>：可切換淺色或深色模式，深色模式在晚間較為舒適。</li></ul>',
  },
];

type Faq = { key: string; category: SupportTopic; questionEn: string; questionZh: string; answerEn: string; answerZh: string };

export const SEED_FAQ: Faq[] = [
  {
    key: 'faq-meter-deadline',
    category: 'meter_reading',
    questionEn: 'By when must I submit my meter readings?',
    questionZh: '我須於何時前提交抄錶讀數？',
    answerEn: '<p>By the <strong>25th of each month</strong>. Readings received later are used for the next bill; in the meantime the month is billed on an estimate.</p>',
    answerZh: '<p>請於<strong>每月25日</strong>或之前提交。其後收到的讀數會用於下一張帳單，當月則按估算讀數收費。</p>',
  },
  {
    key: 'faq-meter-estimate',
    category: 'meter_reading',
    questionEn: 'Why was my bill based on an estimated reading?',
    questionZh: '為何我的帳單按估算讀數計算？',
    answerEn: '<p>No reading reached us by the 25th, and the machine did not send one automatically. The estimate is based on your average volume over the last three months and is corrected on your next actual reading, so you never pay for pages you did not print.</p>',
    answerZh: '<p>我們在25日前未有收到讀數，機器亦未有自動傳送讀數。估算讀數按您過去三個月的平均印量計算，並會於下次收到實際讀數時更正，您不會為未有列印的張數付費。</p>',
  },
  {
    key: 'faq-meter-wrong',
    category: 'meter_reading',
    questionEn: 'I entered a wrong reading. How do I correct it?',
    questionZh: '我輸入了錯誤的讀數，如何更正？',
    answerEn: '<p>Submit the correct reading for the same machine and date before the 25th: it replaces the earlier one. After the bill is issued, send us an enquiry through <a href="/contact-us">Contact us</a> with a photo of the counter screen.</p>',
    answerZh: '<p>請於25日前為同一部機器及日期再次提交正確讀數，新讀數會取代舊讀數。如帳單已發出，請透過<a href="/contact-us">「聯絡我們」</a>提交查詢，並附上計數器畫面的相片。</p>',
  },
  {
    key: 'faq-bill-when',
    category: 'bills_payment',
    questionEn: 'When are bills issued and when are they due?',
    questionZh: '帳單何時發出？付款限期是何時？',
    answerEn: '<p>Bills are issued in the first week of each month and are due <strong>30 days</strong> after the bill date. You receive an inbox message when a new bill is issued.</p>',
    answerZh: '<p>帳單於每月首星期發出，付款限期為帳單日期後<strong>30天</strong>。新帳單發出時，您會在收件匣收到通知。</p>',
  },
  {
    key: 'faq-bill-paid-not-shown',
    category: 'bills_payment',
    questionEn: 'I have paid, but the bill still shows as unpaid.',
    questionZh: '我已付款，但帳單仍顯示未付。',
    answerEn: '<p>Payments by bank transfer or cheque take up to three working days to reach us. Uploading the payment slip in <a href="/my-account/manage-my-bills">Manage my bills</a> lets our accounts team match it sooner.</p>',
    answerZh: '<p>以銀行轉帳或支票付款，款項需時最多三個工作天才能到達我們的戶口。在<a href="/my-account/manage-my-bills">「管理我的帳單」</a>上載入數紙，可讓會計部更快配對款項。</p>',
  },
  {
    key: 'faq-bill-hardcopy',
    category: 'bills_payment',
    questionEn: 'Can I still receive paper bills?',
    questionZh: '我可以繼續收取紙本帳單嗎？',
    answerEn: '<p>Yes. Request it under <a href="/customer-support/account-info-update">Account information update</a> (“Change of receive hard-copy bill”). Every bill is also available as a PDF in the portal.</p>',
    answerZh: '<p>可以。請在<a href="/customer-support/account-info-update">「更新帳戶資料」</a>提出申請（「更改收取紙本帳單」）。所有帳單亦可在平台以PDF下載。</p>',
  },
  {
    key: 'faq-toner-free',
    category: 'toner_orders',
    questionEn: 'Do I have to pay for toner?',
    questionZh: '碳粉是否需要收費？',
    answerEn: '<p>Not if your machine’s service contract includes supplies (most of our copier contracts do). Paper and staples are charged separately.</p>',
    answerZh: '<p>如機器的服務合約包括耗材（大部分影印機合約均包括），碳粉不另收費。紙張及釘書釘則另行收費。</p>',
  },
  {
    key: 'faq-toner-delivery',
    category: 'toner_orders',
    questionEn: 'How long does toner delivery take?',
    questionZh: '碳粉需時多久送達？',
    answerEn: '<p>Orders placed before 3:00 p.m. on a working day arrive the next working day on Hong Kong Island and in Kowloon, and within two working days in the New Territories and on the outlying islands.</p>',
    answerZh: '<p>於工作天下午三時前落單，港島及九龍於下一個工作天送達，新界及離島則於兩個工作天內送達。</p>',
  },
  {
    key: 'faq-toner-low-warning',
    category: 'toner_orders',
    questionEn: 'The machine says “toner low”. Should I replace the cartridge now?',
    questionZh: '機器顯示「碳粉不足」，是否需要立即更換？',
    answerEn: '<p>Not yet: you can usually print several hundred more pages. Order a new cartridge now and replace it when the machine says “Replace toner”.</p>',
    answerZh: '<p>暫時不需要，一般仍可列印數百張。請現在訂購新碳粉，待機器顯示「請更換碳粉」時才更換。</p>',
  },
  {
    key: 'faq-contract-end',
    category: 'contracts',
    questionEn: 'What happens when my contract ends?',
    questionZh: '合約屆滿後會怎樣？',
    answerEn: '<p>You can renew it (offers open 90 days before the end date), upgrade to a new machine, or return the machine. Without a decision the contract continues month by month on its current terms.</p>',
    answerZh: '<p>您可以續約（屆滿前90天開放續約優惠）、升級至新機器或退還機器。如未有決定，合約會按現有條款按月延續。</p>',
  },
  {
    key: 'faq-contract-schedule',
    category: 'contracts',
    questionEn: 'Where can I see my contract’s billing schedule?',
    questionZh: '在哪裏查看合約的收費時間表？',
    answerEn: '<p>In <a href="/my-account/contract-billing-schedule">Contract billing schedule</a>: every contract with its rental, rates per page and the bills issued under it.</p>',
    answerZh: '<p>請到<a href="/my-account/contract-billing-schedule">「合約收費時間表」</a>，可查看每份合約的租金、每張單價及已發出的帳單。</p>',
  },
  {
    key: 'faq-account-users',
    category: 'account_changes',
    questionEn: 'How do I add a colleague as a portal user?',
    questionZh: '如何為同事開設平台帳戶？',
    answerEn: '<p>Ask us through <a href="/contact-us">Contact us</a> with your colleague’s name, e-mail address and what he or she should be able to do (orders, bills, meter readings). We send the new user an activation e-mail.</p>',
    answerZh: '<p>請透過<a href="/contact-us">「聯絡我們」</a>提供同事的姓名、電郵地址及所需權限（訂單、帳單、抄錶等），我們會向新用戶發出啟用電郵。</p>',
  },
  {
    key: 'faq-account-change-time',
    category: 'account_changes',
    questionEn: 'How long does an account information change take?',
    questionZh: '更新帳戶資料需時多久？',
    answerEn: '<p>Usually three working days. You can follow the status of each request in <a href="/customer-support/account-info-update">Account information update</a>, and you receive an inbox message when it is approved or rejected.</p>',
    answerZh: '<p>一般需時三個工作天。您可在<a href="/customer-support/account-info-update">「更新帳戶資料」</a>查看每項申請的狀態，申請獲批或被拒時亦會在收件匣收到通知。</p>',
  },
  {
    key: 'faq-portal-password',
    category: 'portal_use',
    questionEn: 'I forgot my password. What should I do?',
    questionZh: '我忘記了密碼，應該怎樣做？',
    answerEn: '<p>Choose “Forgot password” on the sign-in page and follow the link we e-mail you. For security, the link works once and expires after a short time.</p>',
    answerZh: '<p>請在登入頁選擇「忘記密碼」，並按我們電郵給您的連結重設密碼。為保安理由，連結只可使用一次，並會於短時間後失效。</p>',
  },
  {
    key: 'faq-portal-two-companies',
    category: 'portal_use',
    questionEn: 'I look after two companies. Do I need two accounts?',
    questionZh: '我負責兩間公司的帳戶，是否需要兩個登入帳戶？',
    answerEn: '<p>No. One sign-in can be linked to several companies; after signing in you choose the company to act for, and you can switch at any time from the top bar.</p>',
    answerZh: '<p>不需要。一個登入帳戶可連結多間公司，登入後選擇要處理的公司，並可隨時在頂部選單切換。</p>',
  },
];

type Link = { key: string; titleEn: string; titleZh: string; descriptionEn: string; descriptionZh: string; url: string };

export const SEED_USEFUL_LINKS: Link[] = [
  {
    key: 'link-provider-site',
    titleEn: 'Pacific Imaging website',
    titleZh: '太平洋影像網站',
    descriptionEn: 'Our products, solutions and latest news.',
    descriptionZh: '我們的產品、方案及最新消息。',
    url: `${PROVIDER_SITE}/en/`,
  },
  {
    key: 'link-drivers',
    titleEn: 'Printer drivers and software downloads',
    titleZh: '打印機驅動程式及軟件下載',
    descriptionEn: 'Drivers for Windows and macOS, scan utilities and user manuals for every model we supply.',
    descriptionZh: '我們所提供各型號的 Windows 及 macOS 驅動程式、掃描工具及使用手冊。',
    url: `${PROVIDER_SITE}/en/support/downloads`,
  },
  {
    key: 'link-recycling',
    titleEn: 'Cartridge recycling programme',
    titleZh: '碳粉盒回收計劃',
    descriptionEn: 'How we collect and recycle used toner cartridges.',
    descriptionZh: '我們如何收集及回收已使用的碳粉盒。',
    url: `${PROVIDER_SITE}/en/sustainability/recycling`,
  },
  {
    key: 'link-fps',
    titleEn: 'FPS (Faster Payment System)',
    titleZh: '轉數快（FPS）',
    descriptionEn: 'The HKMA’s page on paying by FPS.',
    descriptionZh: '香港金融管理局有關轉數快的介紹。',
    url: 'https://www.hkma.gov.hk/eng/key-functions/international-financial-centre/financial-market-infrastructure/faster-payment-system-fps/',
  },
  {
    key: 'link-epd-waste',
    titleEn: 'Environmental Protection Department: waste reduction',
    titleZh: '環境保護署：減少廢物',
    descriptionEn: 'Guidance for offices on reducing and recycling waste in Hong Kong.',
    descriptionZh: '香港辦公室減少及回收廢物的指引。',
    url: 'https://www.epd.gov.hk/epd/english/environmentinhk/waste/waste_maincontent.html',
  },
  {
    key: 'link-pcpd',
    titleEn: 'Office of the Privacy Commissioner for Personal Data',
    titleZh: '個人資料私隱專員公署',
    descriptionEn: 'Your rights under the Personal Data (Privacy) Ordinance.',
    descriptionZh: '您在《個人資料（私隱）條例》下的權利。',
    url: 'https://www.pcpd.org.hk/',
  },
  {
    key: 'link-contact',
    titleEn: 'Contact our customer service',
    titleZh: '聯絡客戶服務',
    descriptionEn: 'Hotlines, office hours and the enquiry form.',
    descriptionZh: '熱線電話、辦公時間及查詢表格。',
    url: '/contact-us',
  },
];

/** Inserts the rows whose seed key is not there yet (never updating one staff may have edited); answers how many were new. */
async function insertMissing<T extends typeof helpArticles | typeof faqEntries | typeof usefulLinks>(db: Db, table: T, rows: PgInsertValue<T>[]): Promise<number> {
  const inserted = await db.insert(table).values(rows).onConflictDoNothing({ target: table.seedKey }).returning({ id: table.id });
  return inserted.length;
}

/** Inserts what is missing (by seed key); never updates a row staff may have edited. Answers how many were new. */
export async function seedSupport(db: Db): Promise<number> {
  // Every kind is published, ten apart in the order written, keyed for the next run, and dated the same day.
  const listed = (key: string, i: number) => ({ sortOrder: (i + 1) * 10, published: true, seedKey: key, createdAt: SEED_SUPPORT_DATE, updatedAt: SEED_SUPPORT_DATE });
  const articles = SEED_HELP_ARTICLES.map(({ key, ...a }, i) => {
    const { en: bodyEn, zh: bodyZh, ...text } = helpHtmlPair(a.bodyEn, a.bodyZh);
    return { ...a, bodyEn, bodyZh, ...text, ...listed(key, i) };
  });
  const faq = SEED_FAQ.map(({ key, ...f }, i) => {
    const { en: answerEn, zh: answerZh, ...text } = helpHtmlPair(f.answerEn, f.answerZh);
    return { ...f, answerEn, answerZh, ...text, ...listed(key, i) };
  });
  const links = SEED_USEFUL_LINKS.map(({ key, ...l }, i) => ({ ...l, ...listed(key, i) }));
  return (await insertMissing(db, helpArticles, articles)) + (await insertMissing(db, faqEntries, faq)) + (await insertMissing(db, usefulLinks, links));
}
