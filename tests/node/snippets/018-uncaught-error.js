console.log('about to fail');
function parseConfig(s) { return JSON.parse(s); }
parseConfig('{bad json');
