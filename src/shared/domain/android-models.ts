/**
 * Huawei and Xiaomi phones report a model code ("23127PN0CC", "ALN-AL00"); people know them by their marketing name
 * ("Xiaomi 14", "HUAWEI Mate 60 Pro"). Issue #43: the dashboard's model legend showed the codes. The codes of the
 * phones this console's renters use most; one not listed is shown as reported (apple-models.ts: modelText).
 */
export const ANDROID_MODELS: Record<string, string> = {
  // Huawei
  'ALN-AL00': 'HUAWEI Mate 60 Pro',
  'ALN-AL10': 'HUAWEI Mate 60 Pro+',
  'ALN-AL80': 'HUAWEI Mate 60',
  'BRA-AL00': 'HUAWEI Pura 70',
  'CET-AL00': 'HUAWEI nova 12',
  'JLN-AL00': 'HUAWEI nova 11',
  'NOH-AN00': 'HUAWEI Mate 40 Pro',
  'LIO-AN00': 'HUAWEI Mate 30 Pro 5G',
  'ANA-AN00': 'HUAWEI P40',
  'ELS-AN00': 'HUAWEI P40 Pro',
  // Xiaomi and Redmi
  '23127PN0CC': 'Xiaomi 14',
  '2211133C': 'Xiaomi 13',
  '2210132C': 'Xiaomi 13 Pro',
  '2311DRK48C': 'Redmi K70',
  '23090RA98C': 'Redmi Note 13 Pro',
}
