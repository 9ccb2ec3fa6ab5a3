/**
 * The most used passwords of at least six characters (international lists and Brazilian favourites).
 * Sign-up and password reset refuse them with the seed's weak-password message.
 */
export const commonPasswords = new Set(
  `123456 1234567 12345678 123456789 1234567890 0123456789 654321 987654321 111111 11111111 000000
  00000000 222222 333333 444444 555555 666666 777777 888888 999999 121212 123123 123321 112233 159753
  147258 147258369 159357 131313 696969 102030 10203040 1020304050 123456a 123456abc a123456 abc123
  abcdef abcd1234 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx qwerty qwerty123 qwertyuiop qwe123 123qwe
  asdfgh asdfghjkl asdf1234 zxcvbn zxcvbnm qazwsx password password1 password123 passw0rd p@ssw0rd
  admin123 administrator letmein welcome welcome1 iloveyou iloveu monkey dragon master shadow
  sunshine princess football baseball soccer hockey superman batman starwars trustno1 freedom
  whatever michael jennifer jordan hunter buster charlie thomas robert daniel andrew joshua
  matthew ashley jessica michelle nicole amanda summer pepper ginger cheese maggie tigger
  computer internet secret secret123 login123 changeme 12341234 11223344 123654 789456 789456123
  senha senha1 senha123 senha1234 senha12345 minhasenha mudar123 123mudar mudar@123 trocar123
  brasil brasil123 brasil2026 amor123 teamo te amo teamo123 amorzinho meuamor deusefiel jesus123
  jesuscristo flamengo flamengo123 corinthians palmeiras saopaulo santos vasco gremio cruzeiro
  botafogo fluminense internacional atletico bahia sport gabriel gabriela felipe lucas matheus
  mariana juliana beatriz fernanda camila amanda123 urbana urbana123 outdoor outdoor123
  abc12345 qwerty1 aaaaaa aaaaaaa abcabc 696969a 1234qwer qwer1234 asdasd asd123 asd123456
  naruto pokemon minecraft google facebook 123abc 12qwaszx zaq12wsx 7777777 5555555 9999999`
    .split(/\s+/)
    .filter((p) => p.length >= 6),
);
