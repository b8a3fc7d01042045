def e: 3;
