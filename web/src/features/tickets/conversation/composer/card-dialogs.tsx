import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Sends a contact card: a name and a number (digits only). */
export function SendContactDialog({
  open,
  onOpenChange,
  onSend,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSend(card: { name: string; number: string }): Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const digits = number.replace(/\D/g, '');
  const valid = name.trim().length > 0 && digits.length >= 8;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.sendContact')}</DialogTitle>
        </DialogHeader>
        <Label htmlFor="chat-card-name">{t('tickets.chat.contactName')}</Label>
        <Input id="chat-card-name" value={name} onChange={(e) => setName(e.target.value)} />
        <Label htmlFor="chat-card-number">{t('tickets.chat.contactNumber')}</Label>
        <Input id="chat-card-number" value={number} onChange={(e) => setNumber(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('tickets.chat.cancel')}
          </Button>
          <Button
            disabled={!valid}
            onClick={() =>
              void onSend({ name: name.trim(), number: digits }).then(() => {
                setName('');
                setNumber('');
                onOpenChange(false);
              })
            }
          >
            {t('tickets.chat.send')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Sends a location: typed coordinates or the device's current position. */
export function SendLocationDialog({
  open,
  onOpenChange,
  onSend,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSend(spot: { latitude: number; longitude: number; name?: string }): Promise<void>;
}) {
  const { t } = useTranslation();
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [name, setName] = useState('');
  const latitude = Number(lat);
  const longitude = Number(lng);
  const valid = lat !== '' && lng !== '' && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  const here = () =>
    navigator.geolocation?.getCurrentPosition((pos) => {
      setLat(String(pos.coords.latitude));
      setLng(String(pos.coords.longitude));
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('tickets.chat.close')}>
        <DialogHeader>
          <DialogTitle>{t('tickets.chat.sendLocation')}</DialogTitle>
        </DialogHeader>
        <Label htmlFor="chat-loc-lat">{t('tickets.chat.latitude')}</Label>
        <Input id="chat-loc-lat" value={lat} onChange={(e) => setLat(e.target.value)} />
        <Label htmlFor="chat-loc-lng">{t('tickets.chat.longitude')}</Label>
        <Input id="chat-loc-lng" value={lng} onChange={(e) => setLng(e.target.value)} />
        <Label htmlFor="chat-loc-name">{t('tickets.chat.locationName')}</Label>
        <Input id="chat-loc-name" value={name} onChange={(e) => setName(e.target.value)} />
        <div className="flex justify-between gap-2">
          <Button variant="outline" onClick={here}>
            {t('tickets.chat.myLocation')}
          </Button>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('tickets.chat.cancel')}
            </Button>
            <Button
              disabled={!valid}
              onClick={() =>
                void onSend({
                  latitude,
                  longitude,
                  ...(name.trim() ? { name: name.trim() } : {}),
                }).then(() => onOpenChange(false))
              }
            >
              {t('tickets.chat.send')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
